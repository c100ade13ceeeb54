package excluded

import (
	"go/types"

	"github.com/ctxlint/ctxlint/internal/ctxtypes"
)

// The uses excluded files make of a function or a func-typed variable that
// gains a context: calls and values, by what each file can name.

// exUse is a use of a function in an excluded file.
type exUse struct {
	file *File
	how  string // "called in", "declared again in", "used as a value in", "implemented in", "stored in"
	ref  ref
	decl decl
}

// uses returns the uses of fn (a function, a method, or an interface
// method) in the excluded files.
func (x *Index) uses(fn *types.Func) []exUse {
	if fn.Pkg() == nil {
		return nil
	}
	path, name := fn.Pkg().Path(), fn.Name()
	recv := fn.Signature().Recv()
	var out []exUse
	refs := func(f *File, rs []ref, on func(ref) bool) { out = appendUses(out, f, rs, on) }
	all := func(ref) bool { return true }
	// What a typed selector may select to use fn: fn, and for an
	// interface's method, each method that gains ctx with it as declared
	// again below (a platform's implementation, called on its own type).
	keys := map[string]bool{}
	if recv != nil {
		keys[memberKey(fn)] = true
		if types.IsInterface(recv.Type()) {
			for _, f := range x.Files {
				pkg := f.PkgPath
				if pkg == "" && x.Dirs[f.Dir] != "" {
					pkg = x.Dirs[f.Dir] + "_test" // an external test beside the package
				}
				for key, d := range f.recvs {
					if key[1] == name && d.n == fn.Signature().Params().Len() && pkg != "" {
						keys[pkg+"."+key[0]+"."+name] = true
					}
				}
			}
		}
	}
	for _, f := range x.Files {
		if recv == nil {
			if f.PkgPath == path {
				if d, ok := f.funcs[name]; ok {
					out = append(out, exUse{file: f, how: "declared again in", decl: d})
				}
				refs(f, f.idents[name], all)
				continue
			}
			if local, ok := f.Imports[path]; ok && local != "_" && local != "." {
				refs(f, f.sels[name], func(r ref) bool { return r.on == local })
			} else if ok && local == "." {
				refs(f, f.idents[name], all)
			}
			continue
		}
		if !x.dependsOn(f, path) {
			continue
		}
		if types.IsInterface(recv.Type()) {
			// Every method of that name with as many parameters may
			// implement the interface (a platform's own version of an
			// implementation, a test helper): it gains ctx as they do, and
			// the build under the file's platform and tags checks it.
			for key, d := range f.recvs {
				if key[1] != name {
					continue
				}
				if d.n == fn.Signature().Params().Len() {
					out = append(out, exUse{file: f, how: "declared again in", decl: d})
				} else {
					out = append(out, exUse{file: f, how: "implemented in"})
				}
			}
		} else if d, ok := f.recvs[[2]string{recvTypeName(recv.Type()), name}]; ok && f.PkgPath == path {
			out = append(out, exUse{file: f, how: "declared again in", decl: d})
		}
		// x.M where x names an import is a package's function, not a
		// method; typed, x.M is a use only if it selects one of keys.
		refs(f, f.sels[name], func(r ref) bool { return !f.importsName(r.on) && x.selects(f, r, keys) })
	}
	return out
}

// slotUses returns the uses of a variable or field of func type in the
// excluded files: its calls (p.ping(host) in a platform's own body) pass
// ctx as the calls of a function do, and the functions a file stores in
// it (declared there, or literals) gain ctx with its type.
// A slot whose type takes a context already has none to change.
func (x *Index) slotUses(v *types.Var) []exUse {
	if v.Pkg() == nil {
		return nil
	}
	if sig, ok := v.Type().Underlying().(*types.Signature); !ok || ctxtypes.ContextParam(sig) >= 0 {
		return nil // a map or slice of funcs: its elements' uses are not followed
	}
	path, name := v.Pkg().Path(), v.Name()
	global := !v.IsField() && v.Parent() == v.Pkg().Scope()
	if !v.IsField() && !global {
		return nil // a local or a parameter: no excluded file names it
	}
	var out []exUse
	refs := func(f *File, rs []ref, on func(ref) bool) { out = appendUses(out, f, rs, on) }
	// Each function the file stores there, with as many parameters as
	// the slot's type has, gains ctx with it, as do its calls in the file.
	n := v.Type().Underlying().(*types.Signature).Params().Len()
	stores := func(f *File, on func(s stored) bool) {
		for _, s := range f.stores[name] {
			if !on(s) || s.decl.n != n {
				continue
			}
			out = append(out, exUse{file: f, how: "stored in", decl: s.decl})
			if s.name != "" {
				for _, r := range f.idents[s.name] {
					if r.lparen >= 0 {
						out = append(out, exUse{file: f, how: "called in", ref: r})
					}
				}
			}
		}
	}
	for _, f := range x.Files {
		switch {
		case v.IsField():
			if x.dependsOn(f, path) {
				keys := map[string]bool{memberKey(v): true}
				refs(f, f.sels[name], func(r ref) bool { return !f.importsName(r.on) && x.selects(f, r, keys) })
				stores(f, func(s stored) bool { return s.sel && !f.importsName(s.on) })
			}
		case f.PkgPath == path:
			refs(f, f.idents[name], func(ref) bool { return true })
			stores(f, func(s stored) bool { return !s.sel })
		default:
			if local, ok := f.Imports[path]; ok && local != "_" && local != "." {
				refs(f, f.sels[name], func(r ref) bool { return r.on == local })
				stores(f, func(s stored) bool { return s.sel && s.on == local })
			}
		}
	}
	return out
}

// importsName reports whether name is what the file imports a package
// under.
func (f *File) importsName(name string) bool {
	for _, local := range f.Imports {
		if local == name {
			return true
		}
	}
	return false
}

func recvTypeName(t types.Type) string {
	if p, ok := t.(*types.Pointer); ok {
		t = p.Elem()
	}
	if n, ok := types.Unalias(t).(*types.Named); ok {
		return n.Obj().Name()
	}
	return ""
}

// appendUses appends to out the references of rs that on accepts, as uses
// in f.
func appendUses(out []exUse, f *File, rs []ref, on func(ref) bool) []exUse {
	for _, r := range rs {
		if !on(r) {
			continue
		}
		how := "called in"
		if r.lparen < 0 {
			how = "used as a value in"
		}
		out = append(out, exUse{file: f, how: how, ref: r})
	}
	return out
}
