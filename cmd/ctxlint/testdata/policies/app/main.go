// Command app runs a loop per client: each loop is stuck on its own
// client's attempt only.
package main

import (
	"github.com/ctxlint/ctxlint/cmd/ctxlint/testdata/policies/docker"
	"github.com/ctxlint/ctxlint/cmd/ctxlint/testdata/policies/kubelet"
	"github.com/ctxlint/ctxlint/cmd/ctxlint/testdata/policies/registry"

	"github.com/ctxlint/ctxlint/runtime/health"
)

func dockerLoop() {
	h := health.RegisterLiveness("docker")
	for range h.C {
		docker.New()
	}
}

func kubeletLoop() {
	h := health.RegisterLiveness("kubelet")
	for range h.C {
		kubelet.New()
	}
}

func registryLoop() {
	c := registry.Open()
	h := health.RegisterLiveness("registry")
	for range h.C {
		c.Try()
	}
}

func main() {
	go registryLoop()
	go dockerLoop()
	kubeletLoop()
}
