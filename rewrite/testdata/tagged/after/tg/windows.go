//go:build windows

package tg

import "context"

// warm resolves once on Windows.
func warm() { _ = resolve(context.TODO(), "w") }

// wmi is a Windows-only source whose method is named as a function of
// the package.
type wmi struct{}

func (wmi) query(string) error { return nil }

func useWMI() { _ = wmi{}.query("w") }

// hooks holds ping as a value: ctxlint does not change it unseen.
var hooks = []func(string) error{ping}
