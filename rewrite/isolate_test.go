package rewrite

import (
	"fmt"
	"go/ast"
	"go/token"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/ctxlint/ctxlint/rewrite/internal/change"
	"github.com/ctxlint/ctxlint/rewrite/internal/fixture"
)

// TestIsolateBrokenSet: a set that breaks the build, in a function that
// other sets edit too, is the only one dropped; the others are applied
// and the result type-checks.
func TestIsolateBrokenSet(t *testing.T) {
	pkgs := fixture.Load(t, fixture.Module(t, "chain"))
	_, stuck := fixture.Analyze(t, pkgs)
	pl := Build(pkgs, stuck, Options{})
	good := len(pl.Sets)
	if good == 0 {
		t.Fatal("nothing planned")
	}
	// A set that passes ctx to h.Deregister(), in the loop's function:
	// too many arguments.
	var bogus *change.Set
	for _, f := range pl.prog.Files {
		ast.Inspect(f.Syntax, func(n ast.Node) bool {
			if c, ok := n.(*ast.CallExpr); ok {
				if sel, ok := c.Fun.(*ast.SelectorExpr); ok && sel.Sel.Name == "Deregister" {
					bogus = &change.Set{Name: "bogus", PassCtx: []token.Pos{c.Lparen}}
				}
			}
			return true
		})
	}
	if bogus == nil {
		t.Fatal("no h.Deregister() call in the fixture")
	}
	pl.Sets = append(pl.Sets, bogus)
	res, err := pl.Execute()
	if err != nil {
		t.Fatal(err)
	}
	if len(res.Applied) != good {
		t.Errorf("applied %d sets, want the %d good ones", len(res.Applied), good)
	}
	if len(res.Refusals) != 1 || !strings.Contains(res.Refusals[0].Reason, "bogus") || res.Refusals[0].Class != "does not compile" {
		t.Errorf("refusals %v, want the bogus set alone, as not compiling", res.Refusals)
	}
}

// bogusAddParam is a set that gives the named function a ctx parameter
// and leaves its callers as they are: it breaks every file calling it.
func bogusAddParam(t *testing.T, pl *Plan, name string) *change.Set {
	t.Helper()
	for _, f := range pl.prog.Files {
		for _, d := range f.Syntax.Decls {
			if fd, ok := d.(*ast.FuncDecl); ok && fd.Name.Name == name {
				return &change.Set{Name: "bogus " + name, AddParam: []token.Pos{fd.Name.Pos()}}
			}
		}
	}
	t.Fatalf("no function %s in the fixture", name)
	return nil
}

// TestIsolateErrorInUneditedFile: the error is in a file that no set
// edits (a caller of a function a bad set changed). Dropping culprits
// while reading them from the plan's own slice once zeroed its tail and
// panicked, once the suspects were too many to try one by one (here, with
// sets that edit nothing); now the bad set is found by bisection and
// alone refused.
func TestIsolateErrorInUneditedFile(t *testing.T) {
	dir := fixture.Module(t, "chain")
	fixture.Put(t, filepath.Join(dir, "cron", "cron.go"), "// Package cron calls svc from no loop.\npackage cron\n\nimport \"example.com/x/svc\"\n\n// Nightly runs the unmonitored job.\nfunc Nightly() { svc.Unmonitored(nil) }\n")
	pkgs := fixture.Load(t, dir)
	_, stuck := fixture.Analyze(t, pkgs)
	pl := Build(pkgs, stuck, Options{})
	good := len(pl.Sets)
	if good < 2 {
		t.Fatalf("%d sets planned, want several", good)
	}
	pl.Sets = append([]*change.Set{bogusAddParam(t, pl, "Unmonitored")}, pl.Sets...)
	for i := range 20 {
		pl.Sets = append(pl.Sets, &change.Set{Name: fmt.Sprintf("idle %d", i)})
	}
	good += 20
	res, err := pl.Execute()
	if err != nil {
		t.Fatal(err)
	}
	if len(res.Applied) != good {
		t.Errorf("applied %d sets, want the %d good ones", len(res.Applied), good)
	}
	if len(res.Refusals) != 1 || !strings.Contains(res.Refusals[0].Reason, "bogus Unmonitored") || !strings.Contains(res.Refusals[0].Reason, "cron.go") {
		t.Errorf("refusals %v, want the bogus set alone, quoting the error in cron.go", res.Refusals)
	}
}

// TestIsolateTwoBadSets: two independent bad sets among good ones are
// both found, each refused with its own error; every good set applies.
func TestIsolateTwoBadSets(t *testing.T) {
	dir := fixture.Module(t, "chain")
	fixture.Put(t, filepath.Join(dir, "cron", "cron.go"), "// Package cron calls svc from no loop.\npackage cron\n\nimport \"example.com/x/svc\"\n\n// Nightly runs the unmonitored job.\nfunc Nightly() { svc.Unmonitored(nil) }\n")
	fixture.Put(t, filepath.Join(dir, "report", "report.go"), "// Package report prints.\npackage report\n\n// Line prints one line.\nfunc Line(s string) { println(s) }\n\n// Twice prints two.\nfunc Twice(s string) { Line(s); Line(s) }\n")
	pkgs := fixture.Load(t, dir)
	_, stuck := fixture.Analyze(t, pkgs)
	pl := Build(pkgs, stuck, Options{})
	good := len(pl.Sets)
	pl.Sets = append(pl.Sets, bogusAddParam(t, pl, "Unmonitored"), bogusAddParam(t, pl, "Line"))
	res, err := pl.Execute()
	if err != nil {
		t.Fatal(err)
	}
	if len(res.Applied) != good {
		t.Errorf("applied %d sets, want the %d good ones", len(res.Applied), good)
	}
	want := map[string]string{"bogus Unmonitored": "cron.go", "bogus Line": "report.go"}
	if len(res.Refusals) != len(want) {
		t.Fatalf("refusals %v, want the two bogus sets", res.Refusals)
	}
	for _, r := range res.Refusals {
		name, _, _ := strings.Cut(r.Reason, ":")
		if file, ok := want[name]; !ok || !strings.Contains(r.Reason, file) {
			t.Errorf("refusal %v: want each bogus set quoting its own error", r)
		}
	}
}

// TestApplyGainsOnce: a declaration planned in two sets gains one ctx
// parameter; the second set is refused as a bug of the plan, not applied
// as a second parameter.
func TestApplyGainsOnce(t *testing.T) {
	pkgs := fixture.Load(t, fixture.Module(t, "chain"))
	_, stuck := fixture.Analyze(t, pkgs)
	pl := Build(pkgs, stuck, Options{})
	var fetch *change.Set
	for _, cs := range pl.Sets {
		if strings.Contains(cs.Name, "Fetch") && len(cs.AddParam) > 0 {
			fetch = cs
		}
	}
	if fetch == nil {
		t.Fatal("no set gives Fetch a ctx")
	}
	twin := &change.Set{Name: "twin", AddParam: slices.Clone(fetch.AddParam)}
	_, failed, err := pl.Apply(append(slices.Clone(pl.Sets), twin))
	if err != nil {
		t.Fatal(err)
	}
	if failed[fetch] != nil || failed[twin] == nil || !strings.Contains(failed[twin].Error(), "two change sets") {
		t.Errorf("failed = %v, want the twin alone, as a set giving a second ctx", failed)
	}
}

// TestMergeShared: sets that edit a position in common become one, in
// the order of their first member; the others stay as they were.
func TestMergeShared(t *testing.T) {
	a := &change.Set{Name: "a", AddParam: []token.Pos{1, 2}, Paths: []string{"p1"}}
	b := &change.Set{Name: "b", AddParam: []token.Pos{3}}
	c := &change.Set{Name: "c", AddParam: []token.Pos{4}, PassCtx: []token.Pos{9}}
	d := &change.Set{Name: "d, a", AddParam: []token.Pos{2, 5}, PassCtx: []token.Pos{9}, Paths: []string{"p1", "p2"}}
	got := change.Merge([]*change.Set{a, b, c, d})
	if len(got) != 2 || got[1] != b {
		t.Fatalf("merged into %d sets (%v), want a+c+d then b", len(got), got)
	}
	m := got[0]
	if m.Name != "a, c, d" || !slices.Equal(m.AddParam, []token.Pos{1, 2, 4, 5}) || !slices.Equal(m.PassCtx, []token.Pos{9}) || !slices.Equal(m.Paths, []string{"p1", "p2"}) {
		t.Errorf("merged set = %+v", m)
	}
}

// TestLoopRefusedWithItsWork: when every set that edits a loop's function
// (the calls its context goes to) is refused, the loop's set is refused
// for that cause, naming them, and is not applied to declare a context
// nothing uses (which a check would blame as "declared and not used").
func TestLoopRefusedWithItsWork(t *testing.T) {
	pkgs := fixture.Load(t, fixture.Module(t, "chain"))
	_, stuck := fixture.Analyze(t, pkgs)
	pl := Build(pkgs, stuck, Options{})
	var loop *change.Set
	for _, cs := range pl.Sets {
		if cs.Loop != nil {
			loop = cs
		}
	}
	if loop == nil {
		t.Fatal("no loop set planned")
	}
	_, decl := pl.prog.FuncAt(loop.Loop.Call)
	var deregister token.Pos
	ast.Inspect(decl, func(n ast.Node) bool {
		if c, ok := n.(*ast.CallExpr); ok {
			if sel, ok := c.Fun.(*ast.SelectorExpr); ok && sel.Sel.Name == "Deregister" {
				deregister = c.Lparen
			}
		}
		return true
	})
	if !deregister.IsValid() {
		t.Fatal("no h.Deregister() call in the loop's function")
	}
	// Each set editing the loop's function also passes ctx to
	// h.Deregister(): too many arguments, so each is refused.
	var work []string
	for _, cs := range pl.Sets {
		if cs != loop && slices.ContainsFunc(cs.Positions(), func(p token.Pos) bool { return decl.Pos() <= p && p < decl.End() }) {
			cs.PassCtx = append(cs.PassCtx, deregister)
			work = append(work, cs.Name)
		}
	}
	if len(work) == 0 {
		t.Fatal("no set edits the loop's function")
	}
	res, err := pl.Execute()
	if err != nil {
		t.Fatal(err)
	}
	var got *change.Refusal
	for i, r := range res.Refusals {
		if strings.HasPrefix(r.Reason, loop.Name+":") {
			got = &res.Refusals[i]
		}
		if strings.Contains(r.Reason, "declared and not used") {
			t.Errorf("refusal %v blames a context the rewrite left unused", r)
		}
	}
	if got == nil || got.Class != "nothing below" {
		t.Fatalf("refusals %v: want %q refused as nothing below", res.Refusals, loop.Name)
	}
	for _, name := range work {
		if !strings.Contains(got.Reason, name) {
			t.Errorf("refusal %v does not name the refused set %q", got, name)
		}
	}
	if slices.Contains(res.Applied, loop) {
		t.Errorf("the loop's set was applied")
	}
}
