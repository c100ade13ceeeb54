// Package reg keeps named providers.
package reg

var Catalog = map[string]func() (string, error){}

func Register(name string, f func() (string, error)) { Catalog[name] = f }
