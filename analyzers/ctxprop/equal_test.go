package ctxprop

import (
	"reflect"
	"testing"
)

// sampleDispatch is a dispatch fact with every field set (sampleSummary:
// factcodec_test.go); each call builds it anew, sharing nothing.
func sampleDispatch() *Dispatch {
	return &Dispatch{
		Values: []FuncValue{{Name: "F", Signature: "func()", Summary: sampleSummary()}},
		Types:  []TypeMethods{{Type: "p.T", MethodSet: []string{"M func()"}, Methods: []MethodSummary{{Name: "M", Summary: sampleSummary()}}}},
	}
}

func summary() *Summary {
	s := sampleSummary()
	return &s
}

// leaves calls visit with the index path of every settable leaf of v
// (strings, numbers, booleans) and of every slice (to grow it).
func leaves(v reflect.Value, at []int, visit func([]int)) {
	switch v.Kind() {
	case reflect.Pointer:
		leaves(v.Elem(), at, visit)
	case reflect.Struct:
		for i := range v.NumField() {
			if v.Type().Field(i).IsExported() {
				leaves(v.Field(i), append(at[:len(at):len(at)], i), visit)
			}
		}
	case reflect.Slice:
		visit(append(at[:len(at):len(at)], -1))
		for i := range v.Len() {
			leaves(v.Index(i), append(at[:len(at):len(at)], i), visit)
		}
	default:
		visit(at)
	}
}

// mutate changes the leaf at the index path (-1: grows the slice).
func mutate(v reflect.Value, at []int) {
	for len(at) > 0 {
		if v.Kind() == reflect.Pointer {
			v = v.Elem()
		}
		i := at[0]
		at = at[1:]
		switch {
		case v.Kind() == reflect.Struct:
			v = v.Field(i)
		case i == -1:
			v.Set(reflect.Append(v, reflect.Zero(v.Type().Elem())))
			return
		default:
			v = v.Index(i)
		}
	}
	switch v.Kind() {
	case reflect.String:
		v.SetString(v.String() + "x")
	case reflect.Int:
		v.SetInt(v.Int() + 1)
	case reflect.Uint8:
		v.SetUint(v.Uint() + 1)
	case reflect.Bool:
		v.SetBool(!v.Bool())
	default:
		panic("no mutation for " + v.Kind().String())
	}
}

// TestEqual: Equal holds for two summaries (and dispatch facts) built
// alike, and fails for every one-field change: a field added to a fact
// and left out of Equal fails here, where rounds would settle too soon.
func TestEqual(t *testing.T) {
	if !summary().Equal(summary()) || !sampleDispatch().Equal(sampleDispatch()) {
		t.Fatal("equal facts built apart are not Equal")
	}
	check := func(name string, base func() any, equal func(a, b any) bool) {
		n := 0
		leaves(reflect.ValueOf(base()), nil, func(at []int) {
			n++
			changed := base()
			mutate(reflect.ValueOf(changed), at)
			if reflect.DeepEqual(base(), changed) {
				t.Fatalf("%s %v: the mutation changed nothing", name, at)
			}
			if equal(base(), changed) {
				t.Errorf("%s: a change at %v is Equal", name, at)
			}
		})
		if n < 10 {
			t.Errorf("%s: only %d leaves mutated", name, n)
		}
	}
	check("Summary", func() any { return summary() }, func(a, b any) bool { return a.(*Summary).Equal(b.(*Summary)) })
	check("Dispatch", func() any { return sampleDispatch() }, func(a, b any) bool { return a.(*Dispatch).Equal(b.(*Dispatch)) })

	// The path is unexported: change one hop, then cut the last.
	s := summary()
	s.Reaches[0].path.next.hop.Line++
	if summary().Equal(s) {
		t.Error("a change of a path's hop is Equal")
	}
	s = summary()
	s.Reaches[0].path = newPath([]Hop{s.Reaches[0].path.hop}, nil)
	if summary().Equal(s) {
		t.Error("a shorter path is Equal")
	}
	if (*Summary)(nil).Equal(summary()) || !(*Summary)(nil).Equal(nil) {
		t.Error("nil summaries")
	}
}
