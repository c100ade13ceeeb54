// Package top calls mid statically: analysed again in round 3 because
// mid's facts changed, though it reads no summary of the round before.
package top

import (
	"github.com/ctxlint/ctxlint/internal/wholeprog/testdata/chain/iface"
	"github.com/ctxlint/ctxlint/internal/wholeprog/testdata/chain/mid"
)

func Top(g iface.Getter) error { return mid.Call(g) }
