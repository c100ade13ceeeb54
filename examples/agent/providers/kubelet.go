package providers

import (
	"sort"

	"github.com/ctxlint/ctxlint/examples/agent/kubelet"
)

const checkAnnotation = "ad.datadoghq.com/check_names"

// KubeletProvider reads configurations from pod annotations, over HTTP.
type KubeletProvider struct {
	client *kubelet.Client
}

// NewKubeletProvider returns a provider reading through client.
func NewKubeletProvider(client *kubelet.Client) *KubeletProvider {
	return &KubeletProvider{client: client}
}

func (p *KubeletProvider) String() string { return "kubelet" }

// Collect returns one configuration per annotated pod.
func (p *KubeletProvider) Collect() ([]Config, error) {
	annotations, err := p.client.GetPodAnnotations()
	if err != nil {
		return nil, err
	}
	var configs []Config
	for uid, a := range annotations {
		if names, ok := a[checkAnnotation]; ok {
			configs = append(configs, Config{Name: names, Source: "kubelet:" + uid})
		}
	}
	sort.Slice(configs, func(i, j int) bool { return configs[i].Source < configs[j].Source })
	return configs, nil
}
