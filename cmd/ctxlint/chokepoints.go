package main

import (
	"bufio"
	"encoding/json"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"slices"
	"strings"

	"github.com/ctxlint/ctxlint/analyzers/ctxprop"
	"github.com/ctxlint/ctxlint/internal/chokepoint"
)

// chokepointPaths are the findings' stuck paths, for chokepoint.Rank,
// each with its hops in the main modules (in the directories modules)
// only: a function of a dependency cannot be given a context parameter,
// though a path through a dynamic call may enter one.
func chokepointPaths(findings []finding, modules []string) []chokepoint.Path {
	inModule := func(h ctxprop.Hop) bool {
		file := h.Filename()
		return slices.ContainsFunc(modules, func(dir string) bool {
			return strings.HasPrefix(file, dir+string(filepath.Separator))
		})
	}
	var out []chokepoint.Path
	for _, f := range findings {
		if len(f.chain) > 0 {
			hops := slices.DeleteFunc(slices.Clone(f.chain), func(h ctxprop.Hop) bool { return !inModule(h) })
			out = append(out, chokepoint.Path{Loop: f.loop, Sink: f.sink, Hops: hops})
		}
	}
	return out
}

// jsonChokepoints is -chokepoints -json's output.
type jsonChokepoints struct {
	Paths       int              `json:"paths"`  // stuck paths reported
	Direct      int              `json:"direct"` // those whose loop calls the sink itself
	Chokepoints []jsonChokepoint `json:"chokepoints"`
}

type jsonChokepoint struct {
	Func  string           `json:"func"`
	File  string           `json:"file"`
	Paths int              `json:"paths"`
	Loops []string         `json:"loops"`
	Sinks []chokepointSink `json:"sinks"`
}

type chokepointSink struct {
	Sink  string `json:"sink"`
	Paths int    `json:"paths"`
}

// writeChokepoints prints the functions of the findings' stuck paths,
// those on the most paths first: as JSON, or as text, one function to a
// line with its loops and sinks below; only functions of the main
// modules.
func writeChokepoints(w io.Writer, findings []finding, modules []string, asJSON bool) error {
	paths := chokepointPaths(findings, modules)
	points, direct := chokepoint.Rank(paths)
	if asJSON {
		out := jsonChokepoints{Paths: len(paths), Direct: direct, Chokepoints: []jsonChokepoint{}}
		for _, p := range points {
			jp := jsonChokepoint{Func: p.Func, File: p.File, Paths: p.Paths, Loops: p.Loops}
			for _, s := range p.Sinks {
				jp.Sinks = append(jp.Sinks, chokepointSink(s))
			}
			out.Chokepoints = append(out.Chokepoints, jp)
		}
		enc := json.NewEncoder(w)
		enc.SetIndent("", "\t")
		return enc.Encode(out)
	}
	bw := bufio.NewWriter(w)
	fmt.Fprintf(bw, "%s, %d from the loop straight to the sink; the functions on them, on the most paths first:\n", count(len(paths), "stuck path"), direct)
	cwd, _ := os.Getwd()
	for _, p := range points {
		file := p.File
		if rel, err := filepath.Rel(cwd, file); err == nil && !strings.HasPrefix(rel, "..") {
			file = rel
		}
		fmt.Fprintf(bw, "%s (%s): %s from %s\n", p.Func, file, count(p.Paths, "path"), count(len(p.Loops), "loop"))
		fmt.Fprintf(bw, "\tloops: %s\n", strings.Join(p.Loops, ", "))
		sinks := make([]string, len(p.Sinks))
		for i, s := range p.Sinks {
			sinks[i] = fmt.Sprintf("%s ×%d", s.Sink, s.Paths)
		}
		fmt.Fprintf(bw, "\tsinks: %s\n", strings.Join(sinks, ", "))
	}
	return bw.Flush()
}

// count is "1 path", "2 paths".
func count(n int, noun string) string {
	if n == 1 {
		return "1 " + noun
	}
	return fmt.Sprintf("%d %ss", n, noun)
}
