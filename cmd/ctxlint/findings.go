package main

import (
	"cmp"
	"fmt"
	"go/token"
	"runtime"
	"slices"
	"strings"

	"github.com/ctxlint/ctxlint/analyzers/ctxprop"
	"golang.org/x/sync/errgroup"
	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/analysis/checker"
)

// finding is one diagnostic, with the full chain when ctxprop made it.
type finding struct {
	pkg      string // the package's ID
	analyzer string
	posn     string // file:line:col
	end      string // of the diagnosed range
	message  string
	related  []related
	chain    []ctxprop.Hop // every hop, in every package
	loop     string        // with a chain: the component of its loop
	sink     string        // with a chain: the sink, or the dependency's function it enters
}

type related struct {
	posn, message string
}

// sortFindings orders the findings by position, then message, as the
// strings they join into: each key is built once, not at every comparison
// (a whole-program run on a large module has a hundred thousand).
func sortFindings(out []finding) {
	keys := make([]string, len(out))
	order := make([]int, len(out))
	for i, f := range out {
		keys[i] = f.posn + f.message
		order[i] = i
	}
	slices.SortFunc(order, func(i, j int) int { return strings.Compare(keys[i], keys[j]) })
	sorted := make([]finding, len(out))
	for i, k := range order {
		sorted[i] = out[k]
	}
	copy(out, sorted)
}

// collect appends the diagnostics of the graph's root actions to out, each
// once (seen holds the keys of those already there), with its chain when
// ctxprop made it. Which diagnostics are kept is decided in graph order;
// their findings are then spelled on every core, one action each: a whole
// program can have a hundred thousand, each a position and a path to
// spell.
func collect(graph *checker.Graph, seen map[findingKey]bool, out []finding) ([]finding, error) {
	names := handleNames(graph)
	var acts []*checker.Action
	var keep [][]bool // per action, per diagnostic: not seen before
	for act := range graph.All() {
		if act.Err != nil {
			return nil, fmt.Errorf("%s: %v", act, act.Err)
		}
		if !act.IsRoot || len(act.Diagnostics) == 0 {
			continue
		}
		k := make([]bool, len(act.Diagnostics))
		for i, d := range act.Diagnostics {
			posn := act.Package.Fset.Position(d.Pos)
			posn.Offset = 0 // positions //line maps to one file:line:col are one
			key := findingKey{act.Analyzer.Name, posn, d.Message}
			if !seen[key] {
				seen[key] = true
				k[i] = true
			}
		}
		acts, keep = append(acts, act), append(keep, k)
	}
	per := make([][]finding, len(acts))
	var g errgroup.Group
	g.SetLimit(runtime.GOMAXPROCS(0))
	for i := range acts {
		g.Go(func() error { per[i] = actionFindings(acts[i], keep[i], names); return nil })
	}
	g.Wait()
	for _, fs := range per {
		out = append(out, fs...)
	}
	return out, nil
}

// findingKey tells a diagnostic from another: a file compiled in a package
// and in its test variant is diagnosed twice.
type findingKey struct {
	analyzer string
	posn     token.Position
	message  string
}

// actionFindings are the findings of act's diagnostics that keep marks.
func actionFindings(act *checker.Action, keep []bool, names componentNames) []finding {
	var stuck []ctxprop.Stuck
	if r, ok := act.Result.(*ctxprop.Result); ok {
		stuck = r.Stuck
	}
	chains := newChains(stuck)
	fset := act.Package.Fset
	var out []finding
	for i, d := range act.Diagnostics {
		if !keep[i] {
			continue
		}
		posn := fset.Position(d.Pos).String()
		end := posn
		if d.End.IsValid() {
			end = fset.Position(d.End).String()
		}
		f := finding{pkg: act.Package.ID, analyzer: act.Analyzer.Name, posn: posn, end: end, message: d.Message}
		if s := chains.of(d); s != nil {
			f.chain = s.Reach.Path()
			f.message = names.rename(s, f.message)
			f.loop, f.sink = names.component(s), cmp.Or(s.Reach.Entry, s.Reach.Sink)
		}
		for _, r := range d.Related {
			f.related = append(f.related, related{fset.Position(r.Pos).String(), r.Message})
		}
		out = append(out, f)
	}
	return out
}

// chains finds the Stuck entry ctxprop recorded with each diagnostic of
// one action. One call in a loop can reach several sinks: the entries at a
// diagnostic's position are told apart by the path, which ends its message
// (the first at the position if none matches). Each entry is taken once,
// and its path spelled once: a whole program can hold thousands of entries
// at one position.
type chains struct {
	stuck []ctxprop.Stuck
	atPos map[token.Pos][]int
	path  []string // spelled on first use
	taken []bool
}

func newChains(stuck []ctxprop.Stuck) *chains {
	c := &chains{stuck: stuck, atPos: make(map[token.Pos][]int), path: make([]string, len(stuck)), taken: make([]bool, len(stuck))}
	for i, s := range stuck {
		c.atPos[s.Pos] = append(c.atPos[s.Pos], i)
	}
	return c
}

// of returns the chain of diagnostic d, and takes it.
func (c *chains) of(d analysis.Diagnostic) *ctxprop.Stuck {
	at := -1
	for _, i := range c.atPos[d.Pos] {
		if c.taken[i] {
			continue
		}
		if c.path[i] == "" {
			c.path[i] = pathString(c.stuck[i].Reach.Path())
		}
		if msg, p := d.Message, c.path[i]; len(msg) >= len(p)+2 && strings.HasSuffix(msg, p) && msg[len(msg)-len(p)-2:len(msg)-len(p)] == ": " {
			at = i
			break
		}
		if at < 0 {
			at = i
		}
	}
	if at < 0 {
		return nil
	}
	c.taken[at] = true
	return &c.stuck[at]
}

// pathString is the chain as ctxprop's messages end: hops joined by " → ",
// a dynamic one marked "~".
func pathString(path []ctxprop.Hop) string {
	parts := make([]string, len(path))
	for i, h := range path {
		parts[i] = h.String()
		if h.Dynamic {
			parts[i] = "~" + parts[i]
		}
	}
	return strings.Join(parts, " → ")
}
