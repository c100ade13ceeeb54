package rewrite

import (
	"fmt"
	"go/ast"
	"go/token"
)

type builder struct {
	pl           *Plan
	opts         Options
	sets         map[string]*ChangeSet
	order        []string
	refused      map[string]*Refusal
	refusedOrder []string
	comp         map[node]string // node → key of its change set or refusal
	roots        map[*ast.FuncDecl]bool
	excluded     *excluded // the files the build excludes, parsed on first use
	// use counts, by set, the paths through it not refused; onPath marks
	// the sets on any path. A set whose every path is refused below it
	// would take a context nobody uses, and its loop would pass
	// context.TODO() though it has a deadline: it is left out.
	use    map[string]int
	onPath map[string]bool
	// expanded marks the paths expand found (by call and reach); tails
	// and hopTails memoize tailsOf and tailsAt.
	expanded map[tail]bool
	// hopExpanded marks the hops whose tails were all expanded.
	hopExpanded map[hopKey]bool
	// blank memoizes blankAround, by the call's left parenthesis.
	blank    map[token.Pos]token.Pos
	tails    map[ast.Node][]tail
	hopTails map[hopKey][]tail
	ignoring map[*file]map[int]bool // lines a ctxprop directive suppresses
	resolved map[resolvedKey][]hop  // hops found, for path
	// served marks the paths (labels) each change set or refusal (by
	// key) already lists: a set on every path of a large program serves
	// hundreds of thousands.
	served  map[[2]string]bool
	callees map[calleeKey]node            // calleeNode's memo
	loops   map[token.Pos]loopFound       // loopAt's memo, by the root's call
	assigns map[assignKey][]*ast.CallExpr // assigned's memo
}

// single adds a change set of one edit that needs only a context in scope.
func (b *builder) single(kind string, pos token.Pos, fill func(*ChangeSet), label string) {
	key := fmt.Sprintf("%s@%d", kind, pos)
	if _, ok := b.sets[key]; ok {
		return
	}
	cs := &ChangeSet{Name: fmt.Sprintf("%s at %s", kind, b.pl.prog.fset.Position(pos))}
	fill(cs)
	b.add(key, cs)
}

// serve adds label to the paths a change set or a refusal (key) serves,
// once.
func (b *builder) serve(paths *[]string, key, label string) {
	k := [2]string{key, label}
	if !b.served[k] {
		b.served[k] = true
		*paths = append(*paths, label)
	}
}

func (b *builder) add(key string, cs *ChangeSet) {
	b.sets[key] = cs
	b.order = append(b.order, key)
}

func (b *builder) refuse(class, reason string, pos token.Position, label string) string {
	key := class + "|" + reason
	if r, ok := b.refused[key]; ok {
		b.serve(&r.Paths, "refusal "+key, label)
		return key
	}
	b.refused[key] = &Refusal{Class: class, Reason: reason, Pos: pos}
	b.serve(&b.refused[key].Paths, "refusal "+key, label)
	b.refusedOrder = append(b.refusedOrder, key)
	return key
}
