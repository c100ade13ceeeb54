//go:build windows

package tg

// probe on Windows names a local ctx: a ctx parameter would clash with
// it, which only a Windows build shows. The set is refused.
func probe(addr string) error {
	ctx := "probe " + addr
	_ = ctx
	return nil
}

func ping(addr string) error { return nil }
