package ctxprop

import (
	"go/ast"
	"go/importer"
	"go/parser"
	"go/token"
	"go/types"
	"slices"
	"testing"
)

// TestPointerMethodNames: the names typesWithMethod indexes a type by are
// those of its pointer's method set, whether the type embeds a field (the
// method set computed) or not (the declared methods read).
func TestPointerMethodNames(t *testing.T) {
	const src = `package p

import (
	"io"
	"net/http"
	"sync"
)

type Plain struct{ n int }

func (Plain) Get() int    { return 0 }
func (*Plain) Set(int)    {}
func (*Plain) unexported() {}

type Embeds struct {
	Plain
	io.Reader
	*http.Client
}

func (Embeds) Own() {}

type EmbedsOnlyUnexported struct{ sync.Mutex }

type Func func()

func (Func) Call() {}

type Named Plain // the declared methods of Plain are not Named's

type Alias = Plain

type Pointer *Plain

type Empty struct{}
`
	pkg, _, _ := checkSource(t, src, nil)
	checked := 0
	for _, name := range pkg.Scope().Names() {
		tn := pkg.Scope().Lookup(name).(*types.TypeName)
		named, ok := tn.Type().(*types.Named)
		if !ok || tn.IsAlias() {
			continue
		}
		var want []string
		for sel := range types.NewMethodSet(types.NewPointer(named)).Methods() {
			want = append(want, sel.Obj().Name())
		}
		got := slices.Collect(pointerMethodNames(named))
		slices.Sort(want)
		slices.Sort(got)
		if !slices.Equal(got, want) {
			t.Errorf("%s: pointerMethodNames = %v, want the method set's %v", name, got, want)
		}
		checked++
	}
	if checked != 7 {
		t.Errorf("checked %d types, want 7", checked)
	}
	// Embeds is the case the method set is computed for: its promoted
	// methods are there.
	embeds := pkg.Scope().Lookup("Embeds").Type().(*types.Named)
	if got := slices.Collect(pointerMethodNames(embeds)); !slices.Contains(got, "Read") || !slices.Contains(got, "Do") || !slices.Contains(got, "Set") {
		t.Errorf("Embeds: pointerMethodNames = %v, want Read, Do and Set among them", got)
	}
}

// TestMayHaveMethod: the cheap test before types.Implements never drops a
// type that implements the interface, declared or promoted, by value or
// pointer, and drops some that do not.
func TestMayHaveMethod(t *testing.T) {
	const src = `package p

import (
	"bytes"
	"io"
)

type Closer interface{ Close() error }
type ReadCloser interface {
	io.Reader
	Close() error
}
type Any interface{}

type File struct{}

func (*File) Read([]byte) (int, error) { return 0, nil }
func (*File) Close() error            { return nil }

type ByValue struct{}

func (ByValue) Close() error { return nil }

type Wraps struct{ io.ReadCloser } // promoted
type WrapsPtr struct{ *File }      // promoted through a pointer
type Defined Wraps                 // no declared methods, but the embedded field's
type Buffer bytes.Buffer           // neither
type NoMethods struct{ n int }
type Func func()
`
	pkg, _, _ := checkSource(t, src, nil)
	var ifaces []*types.Interface
	var locals []types.Type
	for _, name := range pkg.Scope().Names() {
		named := pkg.Scope().Lookup(name).Type().(*types.Named)
		if i, ok := named.Underlying().(*types.Interface); ok {
			ifaces = append(ifaces, i)
			continue
		}
		locals = append(locals, named, types.NewPointer(named))
	}
	implemented, dropped := 0, 0
	for _, iface := range ifaces {
		for _, typ := range locals {
			switch impl, may := types.Implements(typ, iface), mayHaveMethod(typ, iface); {
			case impl && !may:
				t.Errorf("mayHaveMethod(%s, %s) = false, but it implements it", typ, iface)
			case impl:
				implemented++
			case !may:
				dropped++
			}
		}
	}
	// File, *File, ByValue, *ByValue, Wraps and Defined (and pointers),
	// *WrapsPtr, WrapsPtr: Closer; everything: Any.
	if implemented < 10 || dropped == 0 {
		t.Errorf("implemented %d, dropped %d: the source no longer tests both ways", implemented, dropped)
	}
}

// checkSource type-checks src, a package p of one file, filling info.
func checkSource(t *testing.T, src string, info *types.Info) (*types.Package, *token.FileSet, *ast.File) {
	t.Helper()
	fset := token.NewFileSet()
	f, err := parser.ParseFile(fset, "p.go", src, 0)
	if err != nil {
		t.Fatal(err)
	}
	pkg, err := (&types.Config{Importer: importer.Default()}).Check("p", fset, []*ast.File{f}, info)
	if err != nil {
		t.Fatal(err)
	}
	return pkg, fset, f
}
