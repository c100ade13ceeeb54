// Package iface declares what the loop calls.
package iface

type Source interface{ Fetch(url string) error }
