// Package mid calls a Getter it does not know: HTTP.Get's summary reaches
// it in round 3, and changes its facts.
package mid

import "github.com/ctxlint/ctxlint/internal/wholeprog/testdata/chain/iface"

func Call(g iface.Getter) error { return g.Get() }
