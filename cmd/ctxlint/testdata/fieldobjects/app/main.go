// Command app runs both loops.
package main

import (
	"github.com/ctxlint/ctxlint/cmd/ctxlint/testdata/fieldobjects/a"
	"github.com/ctxlint/ctxlint/cmd/ctxlint/testdata/fieldobjects/b"
)

func main() {
	go a.Run()
	b.Run()
}
