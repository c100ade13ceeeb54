package rewrite

import "github.com/ctxlint/ctxlint/rewrite/internal/apply"

// DecorateInPart makes every file decorated in part until the returned
// function is called.
func DecorateInPart() (undo func()) {
	apply.AlwaysInPart = true
	return func() { apply.AlwaysInPart = false }
}
