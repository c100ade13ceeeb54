// Package hostname keeps its providers in a map filled in init(), and
// exposes a package-level function variable.
package hostname

import (
	"net"
	"os"
)

var providers = map[string]func() (string, error){}

func init() {
	providers["os"] = os.Hostname
	providers["dns"] = fromDNS
}

func fromDNS() (string, error) { // want fromDNS:"reaches net.LookupAddr unbounded via fromDNS"
	names, err := net.LookupAddr("127.0.0.1")
	if err != nil || len(names) == 0 {
		return "", err
	}
	return names[0], nil
}

// Resolve calls whichever provider is named: a dynamic hop.
func Resolve(name string) (string, error) { // want Resolve:"reaches net.LookupAddr unbounded via Resolve→fromDNS"
	return providers[name]()
}

// Get is a package-level function variable, replaced in tests.
var Get = lookup

func lookup() (int, error) { // want lookup:"reaches net.Dial unbounded via lookup"
	c, err := net.Dial("tcp", "metadata:80")
	if err != nil {
		return 0, err
	}
	return 0, c.Close()
}
