package kubelet

// PodWatcher reports the pods that appeared or changed since its last pull.
type PodWatcher struct {
	client *Client
	seen   map[string]string // pod UID -> phase
}

// NewPodWatcher returns a watcher reading through client.
func NewPodWatcher(client *Client) *PodWatcher {
	return &PodWatcher{client: client, seen: make(map[string]string)}
}

// PullChanges lists the local pods and returns those that are new or whose
// phase changed, and the UIDs of those that are gone.
func (w *PodWatcher) PullChanges() (changed []Pod, gone []string, err error) {
	pods, err := w.client.GetLocalPodList()
	if err != nil {
		return nil, nil, err
	}
	current := make(map[string]string, len(pods))
	for _, p := range pods {
		current[p.Metadata.UID] = p.Status.Phase
		if phase, ok := w.seen[p.Metadata.UID]; !ok || phase != p.Status.Phase {
			changed = append(changed, p)
		}
	}
	for uid := range w.seen {
		if _, ok := current[uid]; !ok {
			gone = append(gone, uid)
		}
	}
	w.seen = current
	return changed, gone, nil
}
