// Package fakekubelet serves a kubelet-like /pods endpoint on loopback, and
// can turn into a black hole: connections are accepted and never answered,
// as when the network to the real kubelet breaks.
package fakekubelet

import (
	"encoding/json"
	"net"
	"net/http"
	"sync"

	"github.com/ctxlint/ctxlint/examples/agent/kubelet"
)

// Kubelet is a running fake.
type Kubelet struct {
	URL  string
	Node string

	srv *http.Server

	mu      sync.Mutex
	release chan struct{} // non-nil while a black hole; closed to release
	served  int           // /pods requests answered
}

// Start serves on 127.0.0.1 at a free port.
func Start(node string) (*Kubelet, error) {
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		return nil, err
	}
	return Serve(node, ln), nil
}

// Serve serves on ln, which Close closes.
func Serve(node string, ln net.Listener) *Kubelet {
	k := &Kubelet{URL: "http://" + ln.Addr().String(), Node: node}
	mux := http.NewServeMux()
	mux.HandleFunc("GET /pods", k.pods)
	k.srv = &http.Server{Handler: mux}
	go k.srv.Serve(ln)
	return k
}

// Served returns how many /pods requests were answered.
func (k *Kubelet) Served() int {
	k.mu.Lock()
	defer k.mu.Unlock()
	return k.served
}

// Blackhole makes every request hang until Answer or Close.
func (k *Kubelet) Blackhole() {
	k.mu.Lock()
	defer k.mu.Unlock()
	if k.release == nil {
		k.release = make(chan struct{})
	}
}

// Answer ends the black hole: hanging requests and new ones are answered.
func (k *Kubelet) Answer() {
	k.mu.Lock()
	defer k.mu.Unlock()
	if k.release != nil {
		close(k.release)
		k.release = nil
	}
}

// Close answers what hangs and stops the server.
func (k *Kubelet) Close() error {
	k.Answer()
	return k.srv.Close()
}

func (k *Kubelet) pods(w http.ResponseWriter, r *http.Request) {
	k.mu.Lock()
	release := k.release
	k.mu.Unlock()
	if release != nil {
		select {
		case <-release:
		case <-r.Context().Done():
			return
		}
	}
	var list kubelet.PodList
	for i, name := range []string{"web", "cache"} {
		var p kubelet.Pod
		p.Metadata.Name, p.Metadata.Namespace = name, "default"
		p.Metadata.UID = "uid-" + name
		if i == 0 {
			p.Metadata.Annotations = map[string]string{"ad.datadoghq.com/check_names": `["http_check"]`}
		}
		p.Spec.NodeName = k.Node
		p.Status.Phase = "Running"
		list.Items = append(list.Items, p)
	}
	w.Header().Set("Content-Type", "application/json")
	if json.NewEncoder(w).Encode(list) == nil {
		k.mu.Lock()
		k.served++
		k.mu.Unlock()
	}
}
