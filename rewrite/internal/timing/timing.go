// Package timing prints what a migration spends its time on, on stderr,
// when CTXLINT_DEBUG=timing.
package timing

import (
	"fmt"
	"os"
)

// Logf prints a timing line on stderr when CTXLINT_DEBUG=timing.
func Logf(format string, args ...any) {
	if On() {
		fmt.Fprintf(os.Stderr, "ctxlint -fix: "+format+"\n", args...)
	}
}

// On reports whether CTXLINT_DEBUG=timing asks for timing lines:
// a stage that must count before it prints asks first.
func On() bool { return os.Getenv("CTXLINT_DEBUG") == "timing" }
