package verify

import (
	"fmt"
	"go/token"
	"slices"
	"strings"

	"github.com/ctxlint/ctxlint/rewrite/internal/change"
)

// A loop's set only derives a context; the sets that edit the loop's
// function (the calls that pass that context, the sinks given it) are
// what use it. Without any of them, the loop would declare a context
// nothing uses, which does not compile: such a loop is refused for the
// refusals below it, and left out of the checks that bisect errors, whose
// blame it would otherwise confuse.

// loopWork maps each loop set of the plan (one that only derives the
// context) to the other sets that edit its loop's function, as planned;
// computed once.
func (pl *execution) loopWork() map[*change.Set][]*change.Set {
	if pl.work != nil {
		return pl.work
	}
	pl.work = map[*change.Set][]*change.Set{}
	type span struct{ pos, end token.Pos }
	loops := map[span][]*change.Set{}
	pure := map[*change.Set]bool{}
	for _, cs := range pl.Sets {
		if cs.Loop == nil || len(cs.Positions()) > 1 || len(cs.Excluded) > 0 {
			continue // not a loop, or one merged with edits of its own
		}
		pure[cs] = true
		if _, decl := pl.Prog.FuncAt(cs.Loop.Call); decl != nil {
			s := span{decl.Pos(), decl.End()}
			loops[s] = append(loops[s], cs)
		}
	}
	for _, cs := range pl.Sets {
		if pure[cs] {
			continue // another loop's derivation uses none of this one's context
		}
		for s, ls := range loops {
			if slices.ContainsFunc(cs.Positions(), func(p token.Pos) bool { return s.pos <= p && p < s.end }) {
				for _, l := range ls {
					pl.work[l] = append(pl.work[l], cs)
				}
			}
		}
	}
	return pl.work
}

// idleLoops returns the loop sets among sets that had work planned and
// have none of it among sets.
func (pl *execution) idleLoops(sets []*change.Set) []*change.Set {
	work := pl.loopWork()
	in := make(map[*change.Set]bool, len(sets))
	for _, cs := range sets {
		in[cs] = true
	}
	var idle []*change.Set
	for _, cs := range sets {
		if w := work[cs]; len(w) > 0 && !slices.ContainsFunc(w, func(s *change.Set) bool { return in[s] }) {
			idle = append(idle, cs)
		}
	}
	return idle
}

// idleReason says why a loop is refused: the refusals of its work, by
// the class each was refused as.
func (pl *execution) idleReason(loop *change.Set, refusedAs map[*change.Set]string) string {
	var below []string
	for _, cs := range pl.loopWork()[loop] {
		below = append(below, fmt.Sprintf("%s (%s)", cs.Name, refusedAs[cs]))
	}
	return "every change its context would go to was refused, so the loop is left as it is: " + strings.Join(below, "; ")
}
