package ctxprop

import (
	"fmt"
	"go/ast"
	"go/token"
	"go/types"
	"maps"
	"path/filepath"
	"slices"
	"strings"

	"golang.org/x/tools/go/analysis"
)

// report analyses each root and reports one diagnostic per sink call site
// it reaches unbounded, at the call in the loop that starts the best path.
func (a *pkgAnalysis) report() {
	for _, r := range a.roots {
		if r.file != nil && ast.IsGenerated(r.file) {
			continue
		}
		u := &unit{name: r.funcName, body: r.region, root: r}
		a.buildEvents(u)
		a.resolveFields(u)
		// By sink site; for a driver that plans every call (PerCall), by
		// the loop's call and sink site.
		reaches := make(map[reportKey]*Reach)
		perCall := a.program != nil && a.program.PerCall
		for _, ev := range u.events {
			a.recordCall(ev)
			out := make(map[reachKey]*Reach)
			a.apply(u, ev, out)
			for _, reach := range out {
				if reach.Param >= 0 {
					// A context from the loop's caller lives as long as
					// the caller wants, not until the tick's deadline.
					reach.Why = fmt.Sprintf("its context comes from the caller of %s, not from the health tick", r.funcName)
					reach.Param = -1
				}
				at := reportKey{sink: reach.Last().site()}
				if perCall {
					at.call = reach.First().site()
				}
				if old, ok := reaches[at]; !ok || reach.better(old) {
					reaches[at] = reach
				}
			}
		}
		for _, reach := range sortedReports(reaches) {
			a.diagnose(u, r, reach)
		}
	}
	a.reportDirectives()
}

// reportDirectives reports ignores without a reason or that suppressed
// nothing, and boundaries without a reason.
func (a *pkgAnalysis) reportDirectives() {
	for _, dir := range a.dirs.all {
		switch {
		case dir.kind == "ignore" && dir.names(analyzerName) && dir.reason == "":
			a.pass.Reportf(dir.pos, "//ctxlint:ignore %s needs a reason", analyzerName)
		case dir.kind == "ignore" && dir.names(analyzerName) && !dir.used:
			a.pass.Reportf(dir.pos, "unused //ctxlint:ignore %s directive: nothing to suppress here", analyzerName)
		case dir.kind == "detached" && dir.reason == "":
			a.pass.Reportf(dir.pos, "//ctxlint:detached needs a reason")
		}
	}
}

// reportKey is what a root reports one path for: a sink site, and with
// Program.PerCall the loop's call too.
type reportKey struct{ call, sink site }

// sortedReports orders a root's reports by sink site, then by the loop's
// call.
func sortedReports(m map[reportKey]*Reach) []*Reach {
	out := slices.Collect(maps.Values(m))
	slices.SortFunc(out, func(x, y *Reach) int {
		if c := x.key().compare(y.key()); c != 0 {
			return c
		}
		return x.First().site().compare(y.First().site())
	})
	return out
}

func (a *pkgAnalysis) diagnose(u *unit, r *root, reach *Reach) {
	pos := a.posOf(reach.First())
	if dir := a.dirs.suppressing(pos, analyzerName); dir != nil && (dir.kind == "nolint" || dir.reason != "") {
		dir.used = true
		return
	}
	stuck := Stuck{Component: r.component, Kind: r.kind, Pos: pos, Reach: *reach, HandleFrom: r.handleFrom}
	if a.program != nil && a.program.Quiet {
		a.result.Stuck = append(a.result.Stuck, stuck)
		return
	}
	why := reach.Why
	if r.noDeadline && r.kind != "monitored" {
		why += "; the handle's ticks carry no deadline"
	}
	var timeout string
	if reach.Timeout != "" {
		timeout = fmt.Sprintf("; %s exists but is not the loop's deadline", reach.Timeout)
	}
	msg := fmt.Sprintf("%s (%s): %s without the health deadline (%s%s): %s",
		r.component, r.kind, reach.SinkText(), why, timeout, reach.pathString())
	var related []analysis.RelatedInformation
	for h := range reach.path.next.all() {
		if p := a.posOf(h); p.IsValid() {
			related = append(related, analysis.RelatedInformation{Pos: p, Message: "via " + h.Func})
		}
	}
	fixes := a.suggestFixes(u, pos)
	if len(fixes) == 0 && reach.Len() > 1 && !r.noDeadline {
		// The fix gives functions below the loop a ctx parameter, which a
		// per-package suggested fix cannot do without breaking callers.
		msg += "; " + threadHint
	}
	a.pass.Report(analysis.Diagnostic{Pos: pos, Message: msg, Related: related, SuggestedFixes: fixes})
	a.result.Stuck = append(a.result.Stuck, stuck)
}

// threadHint ends the message of a report whose fix threads a context
// through functions below the loop: the migration's job, not a suggested
// fix's.
const threadHint = "run ctxlint -fix to thread the deadline down"

// posOf turns a hop in this package back into a position; NoPos for hops
// elsewhere.
func (a *pkgAnalysis) posOf(h Hop) token.Pos {
	if a.files == nil {
		a.files = make(map[string]*token.File)
		for _, f := range a.pass.Files {
			tf := a.pass.Fset.File(f.Pos())
			a.files[tf.Name()] = tf
		}
	}
	tf := a.files[h.File]
	if tf == nil || h.Line > tf.LineCount() {
		return token.NoPos
	}
	return tf.LineStart(h.Line) + token.Pos(h.Col-1)
}

// typeString is a signature's identity as facts carry it: types and
// variadicity, without parameter or result names, which types.Identical
// ignores too ("Lookup(string) error" and "Lookup(name string) error" are
// one method).
func typeString(sig *types.Signature) string {
	return types.TypeString(types.NewSignatureType(nil, nil, nil, unnamed(sig.Params()), unnamed(sig.Results()), sig.Variadic()), nil)
}

func unnamed(t *types.Tuple) *types.Tuple {
	vars := make([]*types.Var, t.Len())
	for i := range t.Len() {
		vars[i] = types.NewParam(token.NoPos, nil, "", t.At(i).Type())
	}
	return types.NewTuple(vars...)
}

func shortFuncName(fn *types.Func) string {
	if fn.Pkg() == nil {
		return fn.Name()
	}
	return fn.Pkg().Name() + "." + fn.Name()
}

func baseName(path string) string { return filepath.Base(path) }

// entryName returns name, the full name of a method declared in package
// path, when that package lies in another module than this one: an
// interface call that runs it enters code the user does not edit.
func (a *pkgAnalysis) entryName(path, name string) string {
	if !a.otherModulePath(path) || !strings.Contains(strings.Split(path, "/")[0], ".") {
		return "" // this module's, or the standard library's
	}
	return name
}

// fullName is fn.FullName(), memoized: an SDK package calls the same few
// functions of its runtime module thousands of times, and each call names
// its callee as the event's entry.
func (a *pkgAnalysis) fullName(fn *types.Func) string {
	if name, ok := a.fullNames[fn]; ok {
		return name
	}
	name := fn.FullName()
	if a.fullNames == nil {
		a.fullNames = make(map[*types.Func]string)
	}
	a.fullNames[fn] = name
	return name
}
