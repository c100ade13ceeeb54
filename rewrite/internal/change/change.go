// Package change is what a migration decides to do, as data keyed by
// source positions: the change sets the plan builds and every later stage
// reads, and the refusals. It is the seam between the stages.
package change

import (
	"fmt"
	"go/token"
	"slices"
)

// A Set is a connected group of edits, applied whole or not at all.
type Set struct {
	Name  string   // what changes, e.g. "(*kubelet.Client).query"
	Paths []string // the reports it serves
	// AddParam lists what gains a ctx parameter first: declared functions
	// (their name), function literals and func type expressions (their
	// func keyword or opening parenthesis), interface methods (their name).
	AddParam []token.Pos
	// PassCtx lists the calls (their left parenthesis) that pass ctx first.
	PassCtx []token.Pos
	// Empty lists context.Background() and context.TODO() calls to replace
	// with the context in scope.
	Empty []token.Pos
	// Sinks lists blocking calls (their left parenthesis) to rewrite to
	// their context form.
	Sinks []token.Pos
	// Loop is set for a loop that derives its context from the tick.
	Loop *Loop
	// NameCtx lists functions (their type's position) whose context
	// parameter is blank or unnamed, to name so that ctx can be passed on.
	NameCtx []token.Pos
	// Adapt lists uses of functions of other modules as values (their
	// position) to wrap in a closure that takes ctx first.
	Adapt []token.Pos
	// Compat lists the functions (their name) renamed FContext, with a
	// wrapper under the old name (Options.Compat).
	Compat []token.Pos
	// Excluded lists the edits of files the build excludes (package excluded).
	Excluded []ExcludedEdit
}

// An ExcludedEdit is an edit of a file the build excludes (other build
// tags or GOOS), which is not type-checked with the rest: a call that
// passes ctx first, or a declaration of the function for another platform
// that gains the parameter. Offsets are in the file's bytes. The file is
// type-checked under a build configuration that includes it before
// anything is written (package verify).
type ExcludedEdit struct {
	File    string
	Offset  int  // the call's left parenthesis, or the parameter list's opening one
	Decl    bool // a declaration, not a call
	Args    bool // the call has arguments, or the declaration parameters
	Unnamed bool // the declaration's parameters have no names
	// Use marks a use as a value, which is not edited: the set is one of
	// the file's editors, to be blamed if its build fails.
	Use bool
}

// A Refusal is a change ctxlint will not make, and why.
type Refusal struct {
	Class  string // "external interface", "fixed signature", ...
	Reason string
	Pos    token.Position
	Paths  []string
}

// String is the refusal as ctxlint prints it: where, the class, why.
func (r Refusal) String() string {
	return fmt.Sprintf("%s: %s: %s", r.Pos, r.Class, r.Reason)
}

// Loop is a monitored loop that derives its context from the tick: the
// receive (or range) of the handle's C, and the first call of the path.
type Loop struct {
	Recv token.Pos
	Call token.Pos
	// Timeout, for a periodic loop without a health tick, is the Go
	// expression of the time each iteration may take (-fix.timeout, or
	// //ctxlint:monitored timeout=EXPR); Recv is then the start of the
	// iteration's work.
	Timeout string
}

// Positions are the positions of the edits the set plans.
func (cs *Set) Positions() []token.Pos {
	var out []token.Pos
	out = append(out, cs.AddParam...)
	out = append(out, cs.PassCtx...)
	out = append(out, cs.Empty...)
	out = append(out, cs.Sinks...)
	out = append(out, cs.Adapt...)
	out = append(out, cs.NameCtx...)
	out = append(out, cs.Compat...)
	if cs.Loop != nil {
		out = append(out, cs.Loop.Recv)
	}
	return out
}

// Uniq sorts positions and drops the repeated ones.
func Uniq(s []token.Pos) []token.Pos {
	slices.Sort(s)
	return slices.Compact(s)
}
