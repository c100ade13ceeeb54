package plan

import (
	"go/ast"
	"go/token"
	"go/types"
	"slices"

	"github.com/ctxlint/ctxlint/internal/ctxtypes"
	"github.com/ctxlint/ctxlint/rewrite/internal/change"
	"github.com/ctxlint/ctxlint/rewrite/internal/loopshape"
)

// loop plans the root's derivation of its context from the tick. It
// reports false when the path cannot be migrated.
func (b *builder) loop(root hop, label, kind string) (setKey, bool) {
	p := b.prog
	found := b.loopAt(root)
	sh := found.sh
	if kind == "monitored" && (found.err != nil || !sh.Deadline) {
		return b.periodic(root, label, found.err == nil)
	}
	if found.err != nil {
		b.refuse("no tick", found.err.Error()+": derive a context from the tick's deadline by hand, then run -fix again", p.Fset.Position(root.pos), label)
		return setKey{}, false
	}
	if !sh.Deadline {
		if b.opts.Todo {
			return setKey{}, true // the root passes context.TODO()
		}
		b.refuse("no deadline", "the tick carries no deadline: make the handle's C carry one (as runtime/health does), or run with -fix.todo to thread ctx below the loop from context.TODO()", p.Fset.Position(root.pos), label)
		return setKey{}, false
	}
	if found.derived {
		return setKey{}, true // a context is derived in the work already: a run before did it
	}
	recv := sh.Pos()
	key := posKey("loop", recv)
	if _, ok := b.sets[key]; !ok {
		b.add(key, &change.Set{Name: "loop of " + root.decl.Name.Name, Loop: &change.Loop{Recv: recv, Call: root.pos}})
	}
	return key, true
}

// loopFound is what loopshape.Find and derived say of a loop's call.
type loopFound struct {
	sh      *loopshape.Shape
	err     error
	derived bool
}

// loopAt is loopshape.Find and derived for the call of a path's root, once per
// call: the paths expand finds share their roots by the thousand.
func (b *builder) loopAt(root hop) loopFound {
	if f, ok := b.loops[root.pos]; ok {
		return f
	}
	info := root.file.Pkg.TypesInfo
	sh, err := loopshape.Find(info, root.decl, root.pos)
	f := loopFound{sh: sh, err: err}
	if err == nil && sh.Deadline {
		f.derived = derived(info, sh, root.pos)
	}
	b.loops[root.pos] = f
	return f
}

// derived reports whether the work derives a context from the received
// tick before the call at pos: a run before did it, or the author.
func derived(info *types.Info, sh *loopshape.Shape, pos token.Pos) bool {
	var tick types.Object
	switch {
	case sh.Rng != nil:
		if id, ok := sh.Rng.Key.(*ast.Ident); ok {
			tick = info.ObjectOf(id)
		}
	case sh.Clause != nil:
		if a, ok := sh.Clause.Comm.(*ast.AssignStmt); ok {
			if id, ok := a.Lhs[0].(*ast.Ident); ok {
				tick = info.ObjectOf(id)
			}
		}
	case sh.Stmt != nil:
		if a, ok := sh.Stmt.(*ast.AssignStmt); ok {
			if id, ok := a.Lhs[0].(*ast.Ident); ok {
				tick = info.ObjectOf(id)
			}
		}
	}
	if tick == nil {
		return false
	}
	return contextDefinedBefore(info, sh.Region, pos, func(rhs ast.Expr) bool {
		uses := false
		ast.Inspect(rhs, func(n ast.Node) bool {
			if id, ok := n.(*ast.Ident); ok && info.ObjectOf(id) == tick {
				uses = true
			}
			return !uses
		})
		return uses
	})
}

// contextDefinedBefore reports whether a statement of the work before
// pos assigns a context variable from an expression from accepts: the
// derivation a run before wrote, or the author.
func contextDefinedBefore(info *types.Info, region []ast.Stmt, pos token.Pos, from func(rhs ast.Expr) bool) bool {
	for _, st := range region {
		if st.Pos() >= pos {
			break
		}
		a, ok := st.(*ast.AssignStmt)
		if !ok || len(a.Rhs) != 1 {
			continue
		}
		if slices.ContainsFunc(a.Lhs, func(l ast.Expr) bool { t := info.TypeOf(l); return t != nil && ctxtypes.IsContext(t) }) && from(a.Rhs[0]) {
			return true
		}
	}
	return false
}
