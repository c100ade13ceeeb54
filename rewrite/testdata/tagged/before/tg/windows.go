//go:build windows

package tg

// warm resolves once on Windows.
func warm() { _ = resolve("w") }
