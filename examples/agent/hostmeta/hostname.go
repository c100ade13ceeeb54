package hostmeta

import (
	"errors"
	"os"

	"github.com/ctxlint/ctxlint/examples/agent/kubelet"
)

// hostnameProviders are tried by name; filled in init() as in a real agent,
// so which one runs is only known at run time.
var hostnameProviders = map[string]func() (string, error){}

func init() {
	hostnameProviders["os"] = osHostname
	hostnameProviders["kubelet"] = kubeletHostname
}

// getHostname is a package-level func variable so tests can replace it.
var getHostname = resolveHostname

// resolveHostname asks the configured provider.
func resolveHostname(provider string) (string, error) {
	fn, ok := hostnameProviders[provider]
	if !ok {
		return "", errors.New("hostmeta: unknown hostname provider " + provider)
	}
	return fn()
}

func osHostname() (string, error) { return os.Hostname() }

func kubeletHostname() (string, error) {
	ku, err := kubelet.GetKubeUtil()
	if err != nil {
		return "", err
	}
	return ku.GetNodename()
}
