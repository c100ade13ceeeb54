// Package kubelet is the example agent's client for the kubelet's
// read-only API, in the shape of a real monitoring agent's: one client
// type with several methods, all ending in one HTTP helper that has no
// deadline.
package kubelet

import (
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/http"
	"sync"
	"time"
)

// Pod is the part of a pod the agent reads.
type Pod struct {
	Metadata struct {
		Name        string            `json:"name"`
		Namespace   string            `json:"namespace"`
		UID         string            `json:"uid"`
		Annotations map[string]string `json:"annotations,omitempty"`
	} `json:"metadata"`
	Spec struct {
		NodeName string `json:"nodeName"`
	} `json:"spec"`
	Status struct {
		Phase string `json:"phase"`
	} `json:"status"`
}

// PodList is the kubelet's /pods answer.
type PodList struct {
	Items []Pod `json:"items"`
}

// Client talks to one kubelet.
type Client struct {
	url  string
	http *http.Client
}

// NewClient returns a client for the kubelet at url. Its 30 s timeout is
// longer than any health deadline: it does not keep a loop healthy.
func NewClient(url string) *Client {
	return &Client{url: url, http: &http.Client{Timeout: 30 * time.Second}}
}

var (
	globalMu sync.Mutex
	global   *Client
)

// Configure sets the client [GetKubeUtil] returns.
func Configure(url string) {
	globalMu.Lock()
	defer globalMu.Unlock()
	global = NewClient(url)
}

// GetKubeUtil returns the process-wide client.
func GetKubeUtil() (*Client, error) {
	globalMu.Lock()
	defer globalMu.Unlock()
	if global == nil {
		return nil, errors.New("kubelet: not configured")
	}
	return global, nil
}

// GetLocalPodList returns the pods running on this node.
func (c *Client) GetLocalPodList() ([]Pod, error) {
	body, err := c.query("/pods")
	if err != nil {
		return nil, err
	}
	var list PodList
	if err := json.Unmarshal(body, &list); err != nil {
		return nil, fmt.Errorf("kubelet: decoding /pods: %w", err)
	}
	return list.Items, nil
}

// GetNodename returns the name of the node, read from its pods.
func (c *Client) GetNodename() (string, error) {
	pods, err := c.GetLocalPodList()
	if err != nil {
		return "", err
	}
	for _, p := range pods {
		if p.Spec.NodeName != "" {
			return p.Spec.NodeName, nil
		}
	}
	return "", errors.New("kubelet: no pod names the node")
}

// GetPodAnnotations returns the annotations of every local pod, by pod UID.
func (c *Client) GetPodAnnotations() (map[string]map[string]string, error) {
	pods, err := c.GetLocalPodList()
	if err != nil {
		return nil, err
	}
	out := make(map[string]map[string]string, len(pods))
	for _, p := range pods {
		if len(p.Metadata.Annotations) > 0 {
			out[p.Metadata.UID] = p.Metadata.Annotations
		}
	}
	return out, nil
}

// query GETs path from the kubelet. The request carries no context: a
// kubelet that accepts the connection and never answers blocks the caller
// for the client's whole timeout.
func (c *Client) query(path string) ([]byte, error) {
	req, err := http.NewRequest(http.MethodGet, c.url+path, nil)
	if err != nil {
		return nil, err
	}
	resp, err := c.http.Do(req)
	if err != nil {
		return nil, fmt.Errorf("kubelet: GET %s: %w", path, err)
	}
	defer resp.Body.Close()
	if resp.StatusCode != http.StatusOK {
		return nil, fmt.Errorf("kubelet: GET %s: %s", path, resp.Status)
	}
	return io.ReadAll(resp.Body)
}
