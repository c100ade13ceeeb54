package rewrite

import (
	"reflect"

	"github.com/dave/dst"
)

// swapExpr replaces old with n where parent holds it directly, in a field
// or a slice element, and reports whether it did.
func swapExpr(parent, old dst.Node, n dst.Expr) bool {
	v := reflect.ValueOf(parent)
	if v.Kind() != reflect.Pointer || v.Elem().Kind() != reflect.Struct {
		return false
	}
	v = v.Elem()
	target := reflect.ValueOf(old)
	for i := range v.NumField() {
		f := v.Field(i)
		switch f.Kind() {
		case reflect.Interface, reflect.Pointer:
			if !f.IsNil() && f.Elem() == target || f.Kind() == reflect.Pointer && f.Pointer() == target.Pointer() {
				if reflect.TypeOf(n).AssignableTo(f.Type()) {
					f.Set(reflect.ValueOf(n))
					return true
				}
			}
		case reflect.Slice:
			for j := range f.Len() {
				el := f.Index(j)
				if (el.Kind() == reflect.Interface || el.Kind() == reflect.Pointer) && !el.IsNil() && sameNode(el, target) {
					if reflect.TypeOf(n).AssignableTo(el.Type()) {
						el.Set(reflect.ValueOf(n))
						return true
					}
				}
			}
		}
	}
	return false
}

func sameNode(el, target reflect.Value) bool {
	if el.Kind() == reflect.Interface {
		el = el.Elem()
	}
	return el.Kind() == reflect.Pointer && el.Pointer() == target.Pointer()
}
