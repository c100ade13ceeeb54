// want package:"dispatch value prov.Hostname"

// Package wiring registers another package's function: its Dispatch fact
// lists it, so that importers resolve calls through the catalog to it.
package wiring

import (
	"fv/prov"
	"fv/reg"
)

func init() { reg.Register("docker", prov.Hostname) }
