package ctxprop

import "slices"

// Equal reports whether s and t hold the same reaches and field calls. A
// whole-program round compares every summary with the last round's to
// see whether the program settled: reflect.DeepEqual would walk each
// path's shared hops through a map of visited pointers, which costs
// seconds of CPU on a program of thousands of packages.
func (s *Summary) Equal(t *Summary) bool {
	if s == t || s == nil || t == nil {
		return s == t
	}
	return slices.EqualFunc(s.Reaches, t.Reaches, Reach.equal) &&
		slices.EqualFunc(s.Fields, t.Fields, FieldCall.equal)
}

// equal compares every field of a Reach, its path hop by hop.
func (r Reach) equal(q Reach) bool {
	rp, qp := r.path, q.path
	r.path, q.path = nil, nil
	return r == q && rp.equal(qp)
}

func (f FieldCall) equal(g FieldCall) bool {
	return f.Param == g.Param && f.Field == g.Field && f.FieldPkg == g.FieldPkg && f.Open == g.Open && f.Setters == g.Setters &&
		slices.Equal(f.Args, g.Args) && slices.Equal(f.Path, g.Path)
}

// Equal reports whether d and e list the same values and types, with the
// same summaries, in the same order.
func (d *Dispatch) Equal(e *Dispatch) bool {
	if d == e || d == nil || e == nil {
		return d == e
	}
	return slices.EqualFunc(d.Values, e.Values, FuncValue.equal) &&
		slices.EqualFunc(d.Types, e.Types, TypeMethods.equal)
}

func (v FuncValue) equal(w FuncValue) bool {
	return v.Name == w.Name && v.Signature == w.Signature && v.Summary.Equal(&w.Summary)
}

func (t TypeMethods) equal(u TypeMethods) bool {
	return t.Type == u.Type && slices.Equal(t.MethodSet, u.MethodSet) &&
		slices.EqualFunc(t.Methods, u.Methods, func(m, n MethodSummary) bool {
			return m.Name == n.Name && m.Ptr == n.Ptr && m.Summary.Equal(&n.Summary)
		})
}
