package main

import (
	"fmt"
	"strings"

	"golang.org/x/tools/go/analysis/checker"

	"github.com/ctxlint/ctxlint/analyzers/ctxprop"
)

// componentNames maps a function's handle parameter to the component its
// callers register. Package by package, a loop whose handle is a parameter
// passed only from other packages (collector.Start registers
// "collector-worker-<i>" and calls worker.Run(h)) is "component of h"; the
// standalone driver sees those callers and names it.
type componentNames map[ctxprop.HandleParam]ctxprop.HandleArg

// handleNames gathers the handle arguments every package's ctxprop run
// found. A parameter passed different names by different callers keeps
// the first, in package order, and says how many there are.
func handleNames(graph *checker.Graph) componentNames {
	names := make(componentNames)
	count := make(map[ctxprop.HandleParam]int)
	for act := range graph.All() {
		r, ok := act.Result.(*ctxprop.Result)
		if !ok {
			continue
		}
		for _, arg := range r.HandleArgs {
			if old, ok := names[arg.HandleParam]; ok && old.Name == arg.Name && old.Kind == arg.Kind {
				continue
			}
			count[arg.HandleParam]++
			if _, ok := names[arg.HandleParam]; !ok {
				names[arg.HandleParam] = arg
			}
		}
	}
	for p, n := range count {
		if n > 1 {
			arg := names[p]
			arg.Name = fmt.Sprintf("%s (and %d other names)", arg.Name, n-1)
			names[p] = arg
		}
	}
	return names
}

// rename puts the component's name in a ctxprop message that could not
// name it.
func (names componentNames) rename(s *ctxprop.Stuck, message string) string {
	if s.HandleFrom == nil {
		return message
	}
	arg, ok := names[*s.HandleFrom]
	if !ok {
		return message
	}
	old := fmt.Sprintf("%s (%s): ", s.Component, s.Kind)
	rest, ok := strings.CutPrefix(message, old)
	if !ok {
		return message
	}
	return fmt.Sprintf("%s (%s): %s", arg.Name, arg.Kind, rest)
}

// component is the name of the component whose loop s starts in, as
// rename puts it in the message.
func (names componentNames) component(s *ctxprop.Stuck) string {
	if s.HandleFrom != nil {
		if arg, ok := names[*s.HandleFrom]; ok {
			return arg.Name
		}
	}
	return s.Component
}
