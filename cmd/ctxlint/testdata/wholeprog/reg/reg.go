// Package reg keeps named functions that other packages register.
package reg

type Func func() (string, error)

var Catalog = map[string]Func{}

func Register(name string, f Func) { Catalog[name] = f }
