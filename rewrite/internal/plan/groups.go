package plan

import (
	"cmp"
	"fmt"
	"go/ast"
	"go/token"
	"go/types"
	"slices"
	"strings"

	"github.com/ctxlint/ctxlint/internal/ctxtypes"
	"github.com/ctxlint/ctxlint/rewrite/internal/source"
)

// closure is every node connected to n: through flows, from an interface
// method to its implementations, and from a method to the interfaces it
// satisfies.
func (fl *flow) closure(n node) []node {
	if c, ok := fl.closures[n]; ok {
		return c
	}
	seen := map[node]bool{n: true}
	queue := []node{n}
	for len(queue) > 0 {
		m := queue[0]
		queue = queue[1:]
		next := fl.edges[m]
		switch m.kind {
		case "iface":
			next = append(next, fl.implementations(m)...)
		case "func":
			next = append(next, fl.satisfied(m)...)
		}
		for _, k := range next {
			if !seen[k] {
				seen[k] = true
				queue = append(queue, k)
			}
		}
	}
	out := make([]node, 0, len(seen))
	for k := range seen {
		out = append(out, k)
	}
	fl.sortNodes(out)
	for _, m := range out {
		fl.closures[m] = out
	}
	return out
}

// sortNodes orders nodes by file and offset (Program.ComparePos), those declared
// outside the main modules first: a fixed signature is the first reason a
// group cannot change.
func (fl *flow) sortNodes(s []node) {
	own := map[node]bool{}
	for _, n := range s {
		tf := fl.p.Fset.File(n.pos)
		own[n] = tf != nil && fl.p.InModule(tf.Name())
	}
	slices.SortFunc(s, func(a, b node) int {
		if own[a] != own[b] {
			if own[a] {
				return 1
			}
			return -1
		}
		return cmp.Or(fl.p.ComparePos(a.pos, b.pos), strings.Compare(a.kind, b.kind))
	})
}

// index holds what interface matching needs, built on first use. A
// package and its test variant are two type universes: a method of one
// does not implement an interface of the other when their signatures name
// the package's own types, so every variant is kept and matched within
// itself.
type index struct {
	funcs    map[token.Pos]*types.Func    // methods and functions declared in editable files
	variants map[token.Pos][]*types.Func  // the same, in every package variant
	types    []*types.TypeName            // concrete named types of editable packages, every variant
	ifaces   map[string][]*types.Func     // editable interface methods, by name, every variant
	external map[string][]*types.TypeName // interfaces of other packages, by method name
}

func (fl *flow) index() *index {
	if fl.idx != nil {
		return fl.idx
	}
	ix := &index{funcs: map[token.Pos]*types.Func{}, variants: map[token.Pos][]*types.Func{}, ifaces: map[string][]*types.Func{}, external: map[string][]*types.TypeName{}}
	seenPkg := map[*types.Package]bool{}
	for _, pkg := range fl.p.Pkgs {
		if pkg.Types == nil || pkg.TypesInfo == nil || seenPkg[pkg.Types] || !fl.p.Editable(pkg) {
			continue
		}
		seenPkg[pkg.Types] = true
		for _, obj := range pkg.TypesInfo.Defs {
			fn, ok := obj.(*types.Func)
			if !ok || fl.p.FileAt(fn.Pos()) == nil {
				continue
			}
			if _, ok := ix.funcs[fn.Pos()]; !ok {
				ix.funcs[fn.Pos()] = fn
			}
			ix.variants[fn.Pos()] = append(ix.variants[fn.Pos()], fn)
			if recv := fn.Signature().Recv(); recv != nil && types.IsInterface(recv.Type()) {
				ix.ifaces[fn.Name()] = append(ix.ifaces[fn.Name()], fn)
			}
		}
		scope := pkg.Types.Scope()
		for _, name := range scope.Names() {
			tn, ok := scope.Lookup(name).(*types.TypeName)
			if !ok || tn.IsAlias() || types.IsInterface(tn.Type()) || fl.p.FileAt(tn.Pos()) == nil {
				continue
			}
			ix.types = append(ix.types, tn)
		}
	}
	for _, pkg := range fl.p.Pkgs {
		if fl.p.Editable(pkg) || pkg.Types == nil {
			continue
		}
		scope := pkg.Types.Scope()
		for _, name := range scope.Names() {
			tn, ok := scope.Lookup(name).(*types.TypeName)
			if !ok || !tn.Exported() {
				continue
			}
			it, ok := tn.Type().Underlying().(*types.Interface)
			if !ok {
				continue
			}
			for m := range it.Methods() {
				ix.external[m.Name()] = append(ix.external[m.Name()], tn)
			}
		}
	}
	fl.idx = ix
	return ix
}

// implementations are the methods of the editable types that implement the
// interface of the method m, in any package variant.
func (fl *flow) implementations(m node) []node {
	ix := fl.index()
	var out []node
	seen := map[node]bool{}
	for _, fn := range ix.variants[m.pos] {
		iface, ok := fn.Signature().Recv().Type().Underlying().(*types.Interface)
		if !ok {
			continue
		}
		for _, tn := range ix.types {
			t := tn.Type()
			if _, ok := t.(*types.Named); ok && t.(*types.Named).TypeParams().Len() > 0 {
				continue
			}
			if !types.Implements(t, iface) && !types.Implements(types.NewPointer(t), iface) {
				continue
			}
			obj, _, _ := types.LookupFieldOrMethod(t, true, fn.Pkg(), fn.Name())
			if impl, ok := obj.(*types.Func); ok {
				if n := fl.objNode(impl); !seen[n] {
					seen[n] = true
					out = append(out, n)
				}
			}
		}
	}
	return out
}

// satisfied are the interfaces whose method m implements, in any package
// variant: those of the editable packages, whose method changes with it,
// and those of other packages, which cannot change (an "ext" node refuses
// the set).
func (fl *flow) satisfied(m node) []node {
	ix := fl.index()
	var out []node
	seen := map[node]bool{}
	add := func(n node) {
		if !seen[n] {
			seen[n] = true
			out = append(out, n)
		}
	}
	for _, fn := range ix.variants[m.pos] {
		if fn.Signature().Recv() == nil {
			continue
		}
		recv := fn.Signature().Recv().Type()
		for _, im := range ix.ifaces[fn.Name()] {
			if iface, ok := im.Signature().Recv().Type().Underlying().(*types.Interface); ok && implements(recv, iface) {
				add(fl.objNode(im))
			}
		}
		for _, tn := range ix.external[fn.Name()] {
			if implements(recv, tn.Type().Underlying().(*types.Interface)) {
				add(fl.named(node{kind: "ext", pos: tn.Pos()}, fmt.Sprintf("%s satisfies %s.%s", fn.Name(), tn.Pkg().Path(), tn.Name())))
			}
		}
	}
	return out
}

func implements(recv types.Type, iface *types.Interface) bool {
	if iface.NumMethods() == 0 {
		return false
	}
	if p, ok := recv.(*types.Pointer); ok {
		recv = p.Elem()
	}
	return types.Implements(recv, iface) || types.Implements(types.NewPointer(recv), iface)
}

// refusal is why a change set with these members cannot be made, if it
// cannot.
func (fl *flow) refusal(members []node) (class, reason string, at token.Pos) {
	for _, m := range members {
		switch m.kind {
		case "ext":
			if tf := fl.p.Fset.File(m.pos); tf != nil && fl.p.CgoFiles[tf.Name()] {
				return "cgo", fmt.Sprintf("%s is declared in a file cgo generates, which ctxlint cannot edit", fl.nameOf(m)), m.pos
			}
			if fl.p.Fset.File(m.pos) != nil && fl.p.InModule(fl.p.Fset.File(m.pos).Name()) {
				return "generated file", fmt.Sprintf("%s is declared in a generated file, which ctxlint does not edit", fl.nameOf(m)), m.pos
			}
			if strings.Contains(fl.nameOf(m), " satisfies ") {
				return "external interface", fmt.Sprintf("%s, declared outside the module: adding ctx would silently stop satisfying it; give the method a ctx-taking sibling by hand", fl.nameOf(m)), m.pos
			}
			return "outside the module", fmt.Sprintf("%s is declared outside the loaded module: its signature cannot change with the functions passed to it; wrap the call in a closure that captures ctx", fl.nameOf(m)), m.pos
		case "opaque":
			return "used by reflection", fmt.Sprintf("%s is stored in an interface value: a type assertion or reflection may rely on its signature, which the type checker cannot see; change it by hand", fl.nameOf(m)), m.pos
		case "asserted":
			return "used by reflection", fmt.Sprintf("%s takes a function out of an interface value: what was stored there keeps the signature the assertion names; change both by hand", fl.nameOf(m)), m.pos
		case "fixed":
			return "fixed signature", fmt.Sprintf("%s is a function type of another module (a callback): a function stored in it cannot take ctx; derive the context inside it (from the request, or a field) instead", fl.nameOf(m)), m.pos
		case "func":
			fn := fl.index().funcs[m.pos]
			if fn != nil && fn.Signature().Recv() == nil && (fn.Name() == "init" || fn.Name() == "main" && fn.Pkg().Name() == "main") {
				return "fixed signature", fmt.Sprintf("%s cannot take parameters", fn.Name()), m.pos
			}
			if f := fl.p.Funcs[m.pos]; f != nil && hasLinkname(f) {
				return "linkname", fmt.Sprintf("%s is named by a //go:linkname directive: code elsewhere may reach it by its symbol, with the signature it has now; change both by hand", fl.nameOf(m)), m.pos
			}
			if f := fl.p.Funcs[m.pos]; f != nil && exportedToC(f) {
				return "cgo export", fmt.Sprintf("%s is exported to C by //export: C code calls it with the signature it has now, which cannot take a context.Context; give the Go callers a sibling that takes ctx, by hand", fl.nameOf(m)), m.pos
			}
		}
	}
	return "", "", token.NoPos
}

// hasLinkname reports whether a //go:linkname directive of f's file names f.
func hasLinkname(f *source.Func) bool {
	for _, cg := range f.File.Syntax.Comments {
		for _, c := range cg.List {
			if strings.HasPrefix(c.Text, "//go:linkname ") && strings.Contains(c.Text, " "+f.Decl.Name.Name) {
				return true
			}
		}
	}
	return false
}

// exportedToC reports whether f carries cgo's //export directive.
func exportedToC(f *source.Func) bool {
	if f.Decl.Doc == nil || f.Decl.Recv != nil {
		return false
	}
	for _, c := range f.Decl.Doc.List {
		if strings.HasPrefix(c.Text, "//export ") {
			return true
		}
	}
	return false
}

// hasContext reports whether a function, literal, interface method or
// func type already takes a context.Context.
func (fl *flow) hasContext(n node) bool {
	var sig *types.Signature
	switch n.kind {
	case "func", "iface":
		if fn := fl.index().funcs[n.pos]; fn != nil {
			sig = fn.Signature()
		}
	case "lit", "texpr":
		if t, ok := fl.types[n.pos]; ok {
			sig, _ = t.(*types.Signature)
		}
	}
	return sig != nil && ctxtypes.ContextParam(sig) >= 0
}

// callHasContext reports whether the call's callee takes a context.
func (fl *flow) callHasContext(c *ast.CallExpr) bool {
	f := fl.p.FileAt(c.Pos())
	if f == nil {
		return false
	}
	sig, ok := f.Pkg.TypesInfo.TypeOf(c.Fun).Underlying().(*types.Signature)
	return ok && ctxtypes.ContextParam(sig) >= 0
}
