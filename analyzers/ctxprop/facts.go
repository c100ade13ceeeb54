package ctxprop

import (
	"cmp"
	"fmt"
	"path/filepath"
	"strings"
)

// Summary is the fact ctxprop exports for a function (on its generic
// origin): the blocking calls it reaches, and under which context. Only
// functions that reach a sink get one. It is also the rewriter's input:
// each reach names the call sites on the path and which context parameter
// the context must come through.
type Summary struct {
	Reaches []Reach
	// Fields are the function's calls through a func-typed field of its
	// receiver or of a parameter that only the object's constructor sets:
	// which function runs there depends on the caller's object, which a
	// caller that sees how it was built resolves (fields.go).
	Fields []FieldCall
}

// AFact marks Summary as an analysis fact.
func (*Summary) AFact() {}

// String is the form tests match with // want name:"fact".
func (s *Summary) String() string {
	parts := make([]string, len(s.Reaches))
	for i, r := range s.Reaches {
		parts[i] = r.short()
	}
	var out []string
	if len(parts) > 0 {
		out = append(out, "reaches "+strings.Join(parts, "; "))
	}
	for _, f := range s.Fields {
		out = append(out, f.String())
	}
	return strings.Join(out, "; ")
}

// Dispatch is the package fact for what importing packages may reach
// through dynamic calls: the package's functions and literals used as
// values, and the methods of its named types, that reach a sink. Object
// facts cannot serve: they do not cross packages for unexported functions,
// methods of unexported types, or literals.
type Dispatch struct {
	Values []FuncValue
	Types  []TypeMethods
}

// FuncValue is a function or function literal used as a value.
type FuncValue struct {
	Name      string
	Signature string // types.TypeString, fully qualified
	Summary   Summary
}

// TypeMethods is a named type whose methods reach sinks.
type TypeMethods struct {
	Type string
	// MethodSet lists name+signature of every method of *Type, sorted, to
	// decide which interfaces it implements without its types.Type.
	MethodSet []string
	Methods   []MethodSummary
}

// MethodSummary is the summary of one method.
type MethodSummary struct {
	Name    string
	Ptr     bool // a pointer receiver: (*T).Name
	Summary Summary
}

// AFact marks Dispatch as an analysis fact.
func (*Dispatch) AFact() {}

func (d *Dispatch) String() string {
	var parts []string
	for _, v := range d.Values {
		parts = append(parts, "value "+v.Name)
	}
	for _, t := range d.Types {
		for _, m := range t.Methods {
			parts = append(parts, "method "+t.Type+"."+m.Name)
		}
	}
	return "dispatch " + strings.Join(parts, ", ")
}

// A Reach is one sink a function reaches, with the path to it.
type Reach struct {
	Sink string // the blocking call, e.g. "(*net/http.Client).Do"
	// Param is the index of the parameter (a context, request or command)
	// whose context the sink runs under: bounded iff the caller's argument
	// is. -1: unbounded whatever the caller passes, for the reason Why.
	Param   int
	Why     string
	Timeout string // a timeout that exists but is not the loop's, if any
	// Origin is the file:line:col of the context.Background() or
	// context.TODO() the unbounded context comes from, if it is one: where
	// a migration must bring the loop's context in.
	Origin string
	// path runs from the call in this function to the sink call, shared
	// with the callee's reach it extends (Path, Hops and Len read it).
	path *path
	// Entry is set when the sink lies in another module or in a generated
	// file: the function there that the path's last hop calls, the last
	// call in code the user can edit. Path then ends at that call, which
	// is the reach's site, and SinkAt (file:line) says where the sink is.
	Entry, SinkAt string
	// Via is 1 + the index in the function's Summary.Fields of the field
	// call every path to this reach's site goes through, or 0: a caller
	// that resolves that field call by its object replaces this reach with
	// what the object's function reaches.
	Via int
	// Guard is set when the path runs only if a parameter satisfies a
	// condition, or does not (guards.go).
	Guard Guard
}

// sinkAt is where the sink is, as SinkAt says it.
func (r *Reach) sinkAt() string {
	if r.Entry != "" {
		return r.SinkAt
	}
	return r.Last().shown()
}

// SinkText names the sink as messages do: "(*api.KV).Keys reaches
// (*net/http.Client).Do (api.go:880)" when it lies behind an entry.
func (r *Reach) SinkText() string {
	if r.Entry == "" {
		return r.Sink
	}
	return fmt.Sprintf("%s reaches %s (%s)", r.Entry, r.Sink, r.SinkAt)
}

// Hop is one call on a path.
type Hop struct {
	Func      string // the function making the call: F, T.M, F.func1
	File      string // the file parsed: for cgo, its output in the build cache
	Line, Col int
	Dynamic   bool // resolved through an interface or a function value
	// Source is the call's file:line:col as the user knows it, when a
	// //line directive maps the parsed file elsewhere (cgo's output maps
	// back to the user's file); empty otherwise.
	Source string
}

func (h Hop) String() string { return fmt.Sprintf("%s (%s)", h.Func, h.shown()) }

// shown is the hop's file:line in messages.
func (h Hop) shown() string {
	if h.Source != "" {
		at := filepath.Base(h.Source) // name:line:col
		if i := strings.LastIndexByte(at, ':'); i >= 0 {
			return at[:i]
		}
		return at
	}
	return fmt.Sprintf("%s:%d", filepath.Base(h.File), h.Line)
}

// Filename is the file of the hop's call as its author knows it: for a
// cgo file, the user's file its //line directives name, not the build
// cache's output.
func (h Hop) Filename() string {
	if h.Source == "" {
		return h.File
	}
	name := h.Source
	for range 2 { // name:line:col
		if i := strings.LastIndexByte(name, ':'); i >= 0 {
			name = name[:i]
		}
	}
	return name
}

// site is a call's position.
type site struct {
	file      string
	line, col int
}

func (s site) compare(t site) int {
	if c := cmp.Compare(s.file, t.file); c != 0 {
		return c
	}
	if c := cmp.Compare(s.line, t.line); c != 0 {
		return c
	}
	return cmp.Compare(s.col, t.col)
}

func (h Hop) site() site { return site{h.File, h.Line, h.Col} }

// reachKey identifies a reach: its sink call site and context parameter.
// reachKey identifies a reach in a function: its sink's site, the
// parameter it runs under, and its guard, so that the paths under each
// value of a boolean parameter stay apart until a caller chooses one.
type reachKey struct {
	site
	param int
	guard guard
}

func (r *Reach) key() reachKey { return reachKey{r.Last().site(), r.Param, r.Guard} }

func (k reachKey) compare(l reachKey) int {
	if c := k.site.compare(l.site); c != 0 {
		return c
	}
	if c := cmp.Compare(k.param, l.param); c != 0 {
		return c
	}
	return k.guard.compare(l.guard)
}

// better reports whether r's path is preferable to s's: fewer dynamic hops,
// then fewer hops, then the first in hop-by-hop order, so that results do
// not depend on map order. It is a strict order on distinct paths, which
// the fixpoint in summarize relies on to end.
func (r *Reach) better(s *Reach) bool { return joined{nil, r.path}.better(joined{nil, s.path}) }

// joined is the path head followed by tail, compared without making it.
type joined struct {
	head []Hop
	tail *path
}

func (p joined) len() int { return len(p.head) + p.tail.len() }

func (p joined) dynamicHops() int {
	n := p.tail.dynamicHops()
	for _, h := range p.head {
		if h.Dynamic {
			n++
		}
	}
	return n
}

// better is Reach.better on joined paths.
func (p joined) better(q joined) bool {
	if a, b := p.dynamicHops(), q.dynamicHops(); a != b {
		return a < b
	}
	if p.len() != q.len() {
		return p.len() < q.len()
	}
	pi, qi := 0, 0 // indexes in the heads, then the tails' nodes
	pt, qt := p.tail, q.tail
	for range p.len() {
		if pi == len(p.head) && qi == len(q.head) && pt == qt {
			return false // the rest is shared
		}
		var g, h Hop
		if pi < len(p.head) {
			g, pi = p.head[pi], pi+1
		} else {
			g, pt = pt.hop, pt.next
		}
		if qi < len(q.head) {
			h, qi = q.head[qi], qi+1
		} else {
			h, qt = qt.hop, qt.next
		}
		if c := g.compare(h); c != 0 {
			return c < 0
		}
	}
	return false
}

func (h Hop) compare(g Hop) int {
	if c := cmp.Compare(h.Func, g.Func); c != 0 {
		return c
	}
	if c := h.site().compare(g.site()); c != 0 {
		return c
	}
	switch {
	case h.Dynamic == g.Dynamic:
		return 0
	case g.Dynamic:
		return -1
	}
	return 1
}

// pathString renders the path as messages show it: ~ marks a dynamic hop.
func (r *Reach) pathString() string {
	parts := make([]string, 0, r.Len())
	for h := range r.Hops() {
		part := h.String()
		if h.Dynamic {
			part = "~" + part
		}
		parts = append(parts, part)
	}
	return strings.Join(parts, " → ")
}

// short is the form used in fact strings: sink, context and the chain of
// function names.
func (r *Reach) short() string {
	ctx := "unbounded"
	if r.Param >= 0 {
		ctx = fmt.Sprintf("under param %d", r.Param)
	}
	names := make([]string, 0, r.Len())
	for h := range r.Hops() {
		names = append(names, h.Func)
	}
	return fmt.Sprintf("%s %s via %s%s", r.SinkText(), ctx, strings.Join(names, "→"), guardText(r.Guard))
}
