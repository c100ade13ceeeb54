package ctxprop

import (
	"cmp"
	"fmt"
	"path/filepath"
	"strings"
)

// The facts ctxprop exports, every one here, in Analyzer.FactTypes'
// order. Summary has a codec of its own (factcodec.go); the others are
// gob-encoded as they are. Each fact's doc says what it records; the code
// that exports it lies with its concept:
//
//   - Summary, Dispatch: summary.go (exportFacts)
//   - Starts: spawn.go (exportStarts)
//   - HandleName: names.go (exportHandleNames)
//   - Constructs, Sets: constructs.go (exportConstructs; setterFields in
//     setters.go)
//   - IdleContext: idle.go (exportIdleContexts)
//   - Option: options.go (exportOptions)

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

// FieldCall is a call through a func-typed field of the receiver (Param
// -1) or of a parameter's object, or through a field of a struct such a
// field holds by value (r.opts.attempt()).
type FieldCall struct {
	Param int
	// Field is the path from the object to the func-typed field, its
	// names joined by dots; FieldPkg is the package of the first.
	Field    string
	FieldPkg string
	// Args are the carrier arguments of the call, by the field
	// signature's parameter index: how the called function's context
	// parameters map to this function's.
	Args []ArgState
	// Path holds the hops in this function up to and including the call.
	Path []Hop
	// Open is set when statements write the field after construction: a
	// caller's resolution adds to the type-based reaches, not replaces.
	Open bool
	// Setters is set when the only such statements are setters' (a
	// method storing its parameter: r.opts = *o; setters.go): a caller
	// that sees the object built and set up replaces after all.
	Setters bool
}

func (f FieldCall) String() string {
	obj := "the receiver"
	if f.Param >= 0 {
		obj = fmt.Sprintf("parameter %d", f.Param)
	}
	last := f.Path[len(f.Path)-1]
	open := ""
	switch {
	case f.Setters:
		open = " (set by setters too)"
	case f.Open:
		open = " (set after construction too)"
	}
	return fmt.Sprintf("calls field %s%s of %s at %s:%d:%d", f.Field, open, obj, filepath.Base(last.File), last.Line, last.Col)
}

// ArgState is a ctxState in a fact.
type ArgState struct {
	Kind                 uint8 // 0 not a carrier; else 1 + stateKind
	Param                int
	Why, Timeout, Origin string
}

func argState(s *ctxState) ArgState {
	if s == nil {
		return ArgState{}
	}
	return ArgState{Kind: 1 + uint8(s.kind), Param: s.param, Why: s.why, Timeout: s.timeout, Origin: s.origin}
}

func (s ArgState) state() *ctxState {
	if s.Kind == 0 {
		return nil
	}
	return &ctxState{kind: stateKind(s.Kind - 1), param: s.Param, why: s.Why, timeout: s.Timeout, origin: s.Origin}
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

// Starts is the fact ctxprop exports for a function that does not run some
// of its function parameters during the call: it starts them in goroutines
// it does not wait for, or stores them for later. A function passed there
// does not block its caller.
type Starts struct {
	Params []int // parameter indices, ascending
}

// AFact marks Starts as an analysis fact.
func (*Starts) AFact() {}

func (s *Starts) String() string {
	parts := make([]string, len(s.Params))
	for i, p := range s.Params {
		parts[i] = fmt.Sprint(p)
	}
	return "runs later parameter " + strings.Join(parts, ", ")
}

// HandleName is the fact ctxprop exports for a package-level variable, a
// struct field or a function (a getter) of a health handle type whose
// registration it could follow: loops in importing packages that read the
// handle through it are named after the component.
type HandleName struct {
	Name string // quoted name, format string, or a description
	Kind string // liveness, readiness, startup, ...
}

// AFact marks HandleName as an analysis fact.
func (*HandleName) AFact() {}

func (h *HandleName) String() string { return fmt.Sprintf("handle %s (%s)", h.Name, h.Kind) }

// Constructs is the fact ctxprop exports for a constructor: a function
// every return of which builds a fresh struct (or a pointer to one) at
// some result, setting func-typed fields from its parameters.
type Constructs struct {
	Results []Constructed
}

// Constructed is one result of a constructor and the fields it sets.
type Constructed struct {
	Result int
	Fields []FieldFrom
}

// FieldFrom is a func-typed field set from parameter Param, or (-1) from
// something else: for a constructor, maybe its object's method Method.
type FieldFrom struct {
	Field string // the field, or a path of fields from the object
	Param int
	// Method is the method of the constructed object stored (c.dial).
	Method string
	// Setup is set when the constructor's setter call on its object
	// stored it: what the object's setup holds (setters.go).
	Setup bool
}

// AFact marks Constructs as an analysis fact.
func (*Constructs) AFact() {}

func (c *Constructs) String() string {
	var parts []string
	for _, r := range c.Results {
		for _, f := range r.Fields {
			from := "something else"
			switch {
			case f.Param >= 0:
				from = fmt.Sprintf("parameter %d", f.Param)
			case f.Method != "":
				from = "its method " + f.Method
			}
			if f.Setup {
				from += " by its setup"
			}
			parts = append(parts, fmt.Sprintf("result %d field %s from %s", r.Result, f.Field, from))
		}
	}
	return "constructs " + strings.Join(parts, ", ")
}

// Sets is the fact ctxprop exports for a setter: the fields of its
// receiver it stores parameters in.
type Sets struct {
	Fields []FieldFrom
}

// AFact marks Sets as an analysis fact.
func (*Sets) AFact() {}

func (s *Sets) String() string {
	parts := make([]string, len(s.Fields))
	for i, f := range s.Fields {
		from := "something else"
		if f.Param >= 0 {
			from = fmt.Sprintf("parameter %d", f.Param)
		}
		parts[i] = fmt.Sprintf("field %s from %s", f.Field, from)
	}
	return "sets " + strings.Join(parts, ", ")
}

// IdleContext is the fact ctxprop exports for an exported function whose
// first parameter, a context.Context, does nothing: its body never reads
// it but to pass it, first, to functions whose context does nothing, of
// its package or carrying this fact. A
// library may offer every call in two forms, M and MWithContext, though
// some of them block on nothing: gopsutil's disk.UsageWithContext ignores
// its context and reads the kernel; process's CmdlineWithContext hands it
// to a reader of /proc that ignores it. Such a form does not make its M a
// sink (formBlocks).
//
// Unless, when set, is the one branch on which the function does use its
// context, chosen by a parameter: a rate sampler that waits under it only
// for a positive interval. Its M blocks, but not at a call whose constant
// argument steers off that branch (idleAt).
type IdleContext struct {
	Unless Guard
}

// AFact marks IdleContext as an analysis fact.
func (*IdleContext) AFact() {}

func (f *IdleContext) String() string {
	if f.Unless.Cond == "" {
		return "ignores its context"
	}
	return "uses its context only" + guardText(f.Unless)
}

// Option is the fact ctxprop exports for a function that returns a
// functional option setting one field of the object it configures from
// its parameter: func WithClient(c Client) Option { return func(x *T) {
// x.client = c } }.
type Option struct {
	Field string
}

// AFact marks Option as an analysis fact.
func (*Option) AFact() {}

func (o *Option) String() string { return "an option setting " + o.Field }

// Guard is Reach.Guard: the zero value for none.
type Guard struct {
	Param int
	// Cond is the condition in Go syntax, the parameter written _.
	Cond string
	// Want is the value of Cond that runs the reach.
	Want bool
}

type guard = Guard

// guardText says a guard in fact strings.
func guardText(g guard) string {
	switch {
	case g.Cond == "":
		return ""
	case strings.HasPrefix(g.Cond, "set("):
		field, _ := optionFieldOf(g.Cond)
		return fmt.Sprintf(" unless an option of parameter %d sets %s", g.Param, field)
	case g.Cond == "_":
		return fmt.Sprintf(" if parameter %d is %t", g.Param, g.Want)
	case g.Want:
		return fmt.Sprintf(" if parameter %d has %s", g.Param, g.Cond)
	}
	return fmt.Sprintf(" if parameter %d has !(%s)", g.Param, g.Cond)
}

func (g guard) negate() guard { g.Want = !g.Want; return g }

// compare orders guards, for deterministic facts.
func (g guard) compare(h guard) int {
	if c := cmp.Compare(g.Param, h.Param); c != 0 {
		return c
	}
	if c := cmp.Compare(g.Cond, h.Cond); c != 0 {
		return c
	}
	switch {
	case g.Want == h.Want:
		return 0
	case g.Want:
		return 1
	}
	return -1
}
