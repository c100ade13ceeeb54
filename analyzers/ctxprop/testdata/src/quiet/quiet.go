// Package quiet cannot block (the fast path skips it), but its directives
// are still checked.
package quiet

func tidy() {
	//ctxlint:ignore ctxprop left over // want `unused //ctxlint:ignore ctxprop directive`
	println("nothing to suppress")
}
