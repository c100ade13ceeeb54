package main

import (
	"encoding/json"
	"flag"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"sort"
	"strings"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/analysis/checker"
	"golang.org/x/tools/go/packages"

	"github.com/ctxlint/ctxlint/analyzers/ctxprop"
	"github.com/ctxlint/ctxlint/analyzers/todoctx"
)

// todoUsage is printed by ctxlint todo -h.
const todoUsage = `usage: ctxlint todo [-format text|json|markdown] [-write-baseline FILE] [-background] [packages]

Prints the inventory of context.TODO() sites by package and category, for
the whole program: a TODO on the stuck path of a monitored loop in another
package is found too. -write-baseline writes the sites to FILE for
"ctxlint -todoctx.baseline=FILE" (or go vet) to report only new ones.
`

// todoCommand runs "ctxlint todo". It returns the exit code.
func todoCommand(args []string, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("ctxlint todo", flag.ContinueOnError)
	fs.SetOutput(stderr)
	fs.Usage = func() { fmt.Fprint(stderr, todoUsage); fs.PrintDefaults() }
	format := fs.String("format", "text", "output format: text, json or markdown")
	write := fs.String("write-baseline", "", "write the sites to this baseline file")
	background := fs.Bool("background", false, "also count context.Background() outside main, init, tests and goroutine roots")
	if err := fs.Parse(args); err != nil {
		return 2
	}
	render, ok := renderers[*format]
	if !ok {
		fmt.Fprintf(stderr, "ctxlint todo: unknown -format %q: want text, json or markdown\n", *format)
		return 2
	}
	bg := todoctx.Analyzer.Flags.Lookup("background")
	old := bg.Value.String()
	bg.Value.Set(fmt.Sprint(*background))
	defer bg.Value.Set(old)

	patterns := fs.Args()
	if len(patterns) == 0 {
		patterns = []string{"."}
	}
	inv, err := inventory(patterns)
	if err != nil {
		fmt.Fprintln(stderr, "ctxlint todo:", err)
		return 1
	}
	if *write != "" {
		if err := writeBaselineFile(*write, inv.sites()); err != nil {
			fmt.Fprintln(stderr, "ctxlint todo:", err)
			return 1
		}
	}
	if err := render(stdout, inv); err != nil {
		fmt.Fprintln(stderr, "ctxlint todo:", err)
		return 1
	}
	return 0
}

// inv is the inventory: sites grouped by package.
type inv struct {
	Packages []*pkgInv
}

type pkgInv struct {
	Path  string
	Sites []*todoctx.Site
}

func (v *inv) sites() []*todoctx.Site {
	var out []*todoctx.Site
	for _, p := range v.Packages {
		out = append(out, p.Sites...)
	}
	return out
}

// inventory analyses the packages (with their tests) as one program.
func inventory(patterns []string) (*inv, error) {
	pkgs, err := packages.Load(&packages.Config{Mode: packages.LoadAllSyntax, Tests: true}, patterns...)
	if err != nil {
		return nil, err
	}
	if n := packages.PrintErrors(pkgs); n > 0 {
		return nil, fmt.Errorf("%d errors loading packages", n)
	}
	// Both as roots: results of other actions are not kept.
	graph, err := checker.Analyze([]*analysis.Analyzer{ctxprop.Analyzer, todoctx.Analyzer}, pkgs, nil)
	if err != nil {
		return nil, err
	}
	stuck := map[string]ctxprop.Stuck{} // by origin, across the program
	var all []*todoctx.Site
	for act := range graph.All() {
		if act.Err != nil {
			return nil, fmt.Errorf("%s: %v", act, act.Err)
		}
		switch r := act.Result.(type) {
		case *ctxprop.Result:
			for _, s := range r.Stuck {
				if s.Reach.Origin != "" {
					stuck[s.Reach.Origin] = s
				}
			}
		case *todoctx.Result:
			if act.IsRoot {
				all = append(all, r.Sites...)
			}
		}
	}
	byPos := map[string]*todoctx.Site{} // a file in a package and its test variant
	for _, s := range all {
		byPos[s.Position.String()] = s
	}
	byPkg := map[string]*pkgInv{}
	for key, s := range byPos {
		if st, ok := stuck[key]; ok && s.Category != todoctx.Monitored {
			s.Beneath, s.Category = s.Category, todoctx.Monitored
			s.Stuck = fmt.Sprintf("%s (%s) to %s", st.Component, st.Kind, st.Reach.Sink)
		}
		p := byPkg[s.Package]
		if p == nil {
			p = &pkgInv{Path: s.Package}
			byPkg[s.Package] = p
		}
		p.Sites = append(p.Sites, s)
	}
	v := &inv{}
	for _, p := range byPkg {
		sort.Slice(p.Sites, func(i, j int) bool {
			a, b := p.Sites[i].Position, p.Sites[j].Position
			if a.Filename != b.Filename {
				return a.Filename < b.Filename
			}
			return a.Offset < b.Offset
		})
		v.Packages = append(v.Packages, p)
	}
	sort.Slice(v.Packages, func(i, j int) bool { return v.Packages[i].Path < v.Packages[j].Path })
	return v, nil
}

func writeBaselineFile(path string, sites []*todoctx.Site) error {
	tmp, err := os.CreateTemp(filepath.Dir(path), ".baseline-*")
	if err != nil {
		return err
	}
	defer os.Remove(tmp.Name())
	if err := todoctx.WriteBaseline(tmp, sites); err != nil {
		tmp.Close()
		return err
	}
	if err := tmp.Close(); err != nil {
		return err
	}
	return os.Rename(tmp.Name(), path) // atomic: a reader never sees half a file
}

// counts tallies sites by category.
func counts(sites []*todoctx.Site) map[todoctx.Category]int {
	c := map[todoctx.Category]int{}
	for _, s := range sites {
		c[s.Category]++
	}
	return c
}

func countList(c map[todoctx.Category]int) string {
	var parts []string
	for _, cat := range todoctx.Categories {
		if c[cat] > 0 {
			parts = append(parts, fmt.Sprintf("%s %d", cat, c[cat]))
		}
	}
	return strings.Join(parts, ", ")
}

// relPath shows a file relative to the working directory when inside it.
func relPath(path string) string {
	wd, err := os.Getwd()
	if err != nil {
		return path
	}
	if rel, err := filepath.Rel(wd, path); err == nil && !strings.HasPrefix(rel, "..") {
		return filepath.ToSlash(rel)
	}
	return path
}

func where(s *todoctx.Site) string {
	return fmt.Sprintf("%s:%d:%d", relPath(s.Position.Filename), s.Position.Line, s.Position.Column)
}

var renderers = map[string]func(io.Writer, *inv) error{
	"text":     renderText,
	"json":     renderJSON,
	"markdown": renderMarkdown,
}

func renderText(w io.Writer, v *inv) error {
	total := v.sites()
	for _, p := range v.Packages {
		fmt.Fprintf(w, "%s: %d (%s)\n", p.Path, len(p.Sites), countList(counts(p.Sites)))
		for _, s := range p.Sites {
			fmt.Fprintf(w, "  %s: %s\n", where(s), s.Message())
		}
	}
	_, err := fmt.Fprintf(w, "total: %d (%s)\n", len(total), countList(counts(total)))
	return err
}

type jsonSite struct {
	Position string `json:"position"`
	*todoctx.Site
}

type jsonPkg struct {
	Path       string                   `json:"path"`
	Total      int                      `json:"total"`
	ByCategory map[todoctx.Category]int `json:"by_category"`
	Sites      []jsonSite               `json:"sites"`
}

func renderJSON(w io.Writer, v *inv) error {
	out := struct {
		Total      int                      `json:"total"`
		ByCategory map[todoctx.Category]int `json:"by_category"`
		Packages   []jsonPkg                `json:"packages"`
	}{Total: len(v.sites()), ByCategory: counts(v.sites()), Packages: []jsonPkg{}}
	for _, p := range v.Packages {
		jp := jsonPkg{Path: p.Path, Total: len(p.Sites), ByCategory: counts(p.Sites)}
		for _, s := range p.Sites {
			jp.Sites = append(jp.Sites, jsonSite{where(s), s})
		}
		out.Packages = append(out.Packages, jp)
	}
	enc := json.NewEncoder(w)
	enc.SetIndent("", "  ")
	return enc.Encode(out)
}

func renderMarkdown(w io.Writer, v *inv) error {
	row := func(name string, sites []*todoctx.Site) {
		c := counts(sites)
		fmt.Fprintf(w, "| %s | %d |", name, len(sites))
		for _, cat := range todoctx.Categories {
			fmt.Fprintf(w, " %d |", c[cat])
		}
		fmt.Fprintln(w)
	}
	fmt.Fprintln(w, "## context.TODO() inventory")
	fmt.Fprintln(w)
	fmt.Fprint(w, "| package | total |")
	for _, cat := range todoctx.Categories {
		fmt.Fprintf(w, " %s |", cat)
	}
	fmt.Fprintln(w)
	fmt.Fprintln(w, "|---|---:|---:|---:|---:|---:|")
	for _, p := range v.Packages {
		row("`"+p.Path+"`", p.Sites)
	}
	row("**total**", v.sites())
	for _, p := range v.Packages {
		fmt.Fprintf(w, "\n### `%s`\n\n| where | function | category | advice |\n|---|---|---|---|\n", p.Path)
		for _, s := range p.Sites {
			advice := s.Advice
			if s.Category == todoctx.Monitored {
				advice = "on the stuck path of " + s.Stuck + "; " + advice
			}
			if s.Reason != "" {
				advice += " (reason: " + s.Reason + ")"
			}
			fmt.Fprintf(w, "| `%s` | `%s` | %s | %s |\n", where(s), s.Func, s.Category, strings.ReplaceAll(advice, "|", `\|`))
		}
	}
	return nil
}
