package excluded

import (
	"go/ast"
	"go/types"
	"strings"
	"time"

	"github.com/ctxlint/ctxlint/rewrite/internal/timing"
)

// An excluded file is not type-checked with the build, but a build that
// includes it can type it. Its selectors then name the method or field
// they select, where a name alone would take the file's own type's
// method (p.run on a platform's service type) or a library's (s.Run) for
// the function that gains ctx, edit that call, and break the build for
// that platform: a set refused for what it does not touch.

// selected is what a typed file's selectors select, by the offset of the
// name selected: the member's key (see memberKey), "" for a package's
// member. A selector go/types could not resolve has no entry.
type selected map[int]string

// memberKey names a method or field across loads: its package, its
// receiver's type name (for a method) and its name.
func memberKey(obj types.Object) string {
	if obj == nil || obj.Pkg() == nil {
		return ""
	}
	switch obj := obj.(type) {
	case *types.Func:
		if recv := obj.Signature().Recv(); recv != nil {
			return obj.Pkg().Path() + "." + recvTypeName(recv.Type()) + "." + obj.Name()
		}
	case *types.Var:
		if obj.IsField() {
			return obj.Pkg().Path() + ".{field}." + obj.Name()
		}
	}
	return ""
}

// selections returns what f's selectors select, typed under a build that
// includes f, or nil when no build could type it (no build ctxlint tries
// includes it, or the load failed). The first file asked for under a
// build types every excluded file of that build, in one load.
func (x *Index) selections(f *File) selected {
	if s, ok := x.typed[f.Name]; ok {
		return s
	}
	cfg, ok := x.config(f)
	if !ok {
		x.typed[f.Name] = nil
		return nil
	}
	batch := map[string]bool{}
	dirs := map[string]bool{}
	tests := false
	for _, g := range x.Files {
		if _, done := x.typed[g.Name]; done {
			continue
		}
		if c, ok := x.config(g); ok && c.String() == cfg.String() {
			batch[g.Name], dirs[g.Dir] = true, true
			tests = tests || strings.HasSuffix(g.Name, "_test.go")
			x.typed[g.Name] = nil
		}
	}
	t := time.Now()
	c := x.builds.check(x.p, cfg, dirs, tests, x.p.Overlay)
	typed := 0
	for _, pkg := range c.pkgs {
		files, info := pkg.Syntax, pkg.TypesInfo
		if r, ok := c.again[pkg]; ok {
			files, info = r.Files, r.Info
		}
		if info == nil {
			continue
		}
		for _, af := range files {
			tf := c.fset.File(af.FileStart)
			if tf == nil || !batch[tf.Name()] || x.typed[tf.Name()] != nil {
				continue
			}
			s := selected{}
			ast.Inspect(af, func(n ast.Node) bool {
				sel, ok := n.(*ast.SelectorExpr)
				if !ok {
					return true
				}
				off := tf.Offset(sel.Sel.Pos())
				if sn := info.Selections[sel]; sn != nil {
					s[off] = memberKey(sn.Obj())
				} else if obj := info.Uses[sel.Sel]; obj != nil {
					s[off] = ""
				}
				return true
			})
			x.typed[tf.Name()] = s
			typed++
		}
	}
	timing.Logf("excluded files: %d of %d typed for %s in %v", typed, len(batch), cfg, time.Since(t).Round(time.Millisecond))
	return x.typed[f.Name]
}

// config is a build that includes f, memoized.
func (x *Index) config(f *File) (Config, bool) {
	if c, ok := x.configs[f.Name]; ok {
		return c, c.goos != ""
	}
	c, _ := ConfigFor(f.Name, x.tags)
	x.configs[f.Name] = c
	return c, c.goos != ""
}

// selects reports whether the selector at r in f may select a member
// with one of the keys: it does when typed so, and may when f could not
// be typed or go/types could not resolve it (the build for f's platform
// then decides).
func (x *Index) selects(f *File, r ref, keys map[string]bool) bool {
	s := x.selections(f)
	if s == nil {
		return true
	}
	key, ok := s[r.offset]
	return !ok || keys[key]
}
