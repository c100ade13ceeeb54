package plan

import (
	"fmt"
	"go/ast"
	"go/token"

	"github.com/ctxlint/ctxlint/rewrite/internal/change"
	"github.com/ctxlint/ctxlint/rewrite/internal/excluded"
	"github.com/ctxlint/ctxlint/rewrite/internal/source"
)

// builder turns the reports into change sets and refusals, each known
// by its setKey while the plan is built.
type builder struct {
	prog         *source.Program
	flow         *flow
	opts         Options
	sets         map[setKey]*change.Set
	order        []setKey
	refused      map[setKey]*change.Refusal
	refusedOrder []setKey
	comp         map[node]setKey // node → key of its change set or refusal
	roots        map[*ast.FuncDecl]bool
	excluded     *excluded.Index // the files the build excludes, parsed on first use
	// use counts, by set, the paths through it not refused; onPath marks
	// the sets on any path. A set whose every path is refused below it
	// would take a context nobody uses, and its loop would pass
	// context.TODO() though it has a deadline: it is left out.
	use    map[setKey]int
	onPath map[setKey]bool
	// expanded marks the paths expand found (by call and reach); tails
	// and hopTails memoize tailsOf and tailsAt.
	expanded map[tail]bool
	// hopExpanded marks the hops whose tails were all expanded.
	hopExpanded map[hopKey]bool
	// blank memoizes blankAround, by the call's left parenthesis.
	blank    map[token.Pos]token.Pos
	tails    map[ast.Node][]tail
	hopTails map[hopKey][]tail
	ignoring map[*source.File]map[int]bool // lines a ctxprop directive suppresses
	resolved map[resolvedKey][]hop         // hops found, for path
	// served marks the paths (labels) each change set or refusal (by
	// key) already lists: a set on every path of a large program serves
	// hundreds of thousands.
	served  map[servedKey]bool
	callees map[calleeKey]node            // calleeNode's memo
	loops   map[token.Pos]loopFound       // loopAt's memo, by the root's call
	assigns map[assignKey][]*ast.CallExpr // assigned's memo
}

func newBuilder(prog *source.Program, opts Options) *builder {
	return &builder{
		prog:        prog,
		flow:        newFlow(prog),
		opts:        opts,
		sets:        map[setKey]*change.Set{},
		refused:     map[setKey]*change.Refusal{},
		comp:        map[node]setKey{},
		roots:       map[*ast.FuncDecl]bool{},
		use:         map[setKey]int{},
		onPath:      map[setKey]bool{},
		expanded:    map[tail]bool{},
		hopExpanded: map[hopKey]bool{},
		blank:       map[token.Pos]token.Pos{},
		tails:       map[ast.Node][]tail{},
		hopTails:    map[hopKey][]tail{},
		ignoring:    map[*source.File]map[int]bool{},
		resolved:    map[resolvedKey][]hop{},
		served:      map[servedKey]bool{},
		callees:     map[calleeKey]node{},
		loops:       map[token.Pos]loopFound{},
		assigns:     map[assignKey][]*ast.CallExpr{},
	}
}

// setKey is what the builder knows a change set or a refusal by: what
// it is for, so that every path through it finds the same one.
type setKey struct {
	// kind is "set" for the group of a flow node, "loop" or "iteration"
	// for a loop's derivation, "empty", "name" or "sink" for a single
	// edit, "refusal" for a refusal. The zero key is no set: a loop that
	// needs none.
	kind string
	node node      // a group's node
	pos  token.Pos // a loop's or a single edit's position
	// class and reason are a refusal's: one refusal serves every path
	// refused for the same reason.
	class, reason string
}

func groupKey(n node) setKey                   { return setKey{kind: "set", node: n} }
func posKey(kind string, pos token.Pos) setKey { return setKey{kind: kind, pos: pos} }

// servedKey is a path (label) a change set or a refusal serves, by the
// set's or the refusal's Paths.
type servedKey struct {
	paths *[]string
	label string
}

// single adds a change set of one edit that needs only a context in scope.
func (b *builder) single(kind string, pos token.Pos, fill func(*change.Set), label string) {
	key := posKey(kind, pos)
	if _, ok := b.sets[key]; ok {
		return
	}
	cs := &change.Set{Name: fmt.Sprintf("%s at %s", kind, b.prog.Fset.Position(pos))}
	fill(cs)
	b.add(key, cs)
}

// serve adds label to the paths of a change set or a refusal, once.
func (b *builder) serve(paths *[]string, label string) {
	k := servedKey{paths, label}
	if !b.served[k] {
		b.served[k] = true
		*paths = append(*paths, label)
	}
}

func (b *builder) add(key setKey, cs *change.Set) {
	b.sets[key] = cs
	b.order = append(b.order, key)
}

func (b *builder) refuse(class, reason string, pos token.Position, label string) setKey {
	key := setKey{kind: "refusal", class: class, reason: reason}
	if r, ok := b.refused[key]; ok {
		b.serve(&r.Paths, label)
		return key
	}
	b.refused[key] = &change.Refusal{Class: class, Reason: reason, Pos: pos}
	b.serve(&b.refused[key].Paths, label)
	b.refusedOrder = append(b.refusedOrder, key)
	return key
}
