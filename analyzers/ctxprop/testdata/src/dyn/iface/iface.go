// Package iface declares the provider interface; implementations live
// elsewhere.
package iface

type Provider interface {
	Collect() error
}
