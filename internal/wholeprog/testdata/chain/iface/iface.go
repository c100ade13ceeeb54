// Package iface declares the interfaces the chain calls through.
package iface

type Getter interface{ Get() error }

type Doer interface{ Do(url string) error }
