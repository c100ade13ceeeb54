package main

import (
	"encoding/json"
	"flag"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"slices"
	"sort"
	"strings"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/analysis/checker"
	"golang.org/x/tools/go/packages"

	"github.com/ctxlint/ctxlint/analyzers/ctxprop"
	"github.com/ctxlint/ctxlint/analyzers/todoctx"
)

// todoUsage is printed by ctxlint todo -h.
const todoUsage = `usage: ctxlint todo [-format text|json|markdown] [-write-baseline FILE] [-background]
                   [-tags a,b] [-todoctx.baseline=FILE[@sha256:HEX]] [-ctxprop.FLAG ...] [packages]
       ctxlint todo -baseline-flag FILE

Prints the inventory of context.TODO() sites by package and category, for
the whole program: a TODO on the stuck path of a monitored loop in another
package is found too. -write-baseline writes the sites to FILE for
"ctxlint -todoctx.baseline=FILE" (or go vet) to report only new ones.

With -todoctx.baseline, it also lists the baseline's stale entries, which
match no site: in the packages analysed, and of packages that no longer
exist; it exits 3 if there are any. ctxprop's flags (-ctxprop.register,
...) decide which loops are monitored, as for ctxlint.

-baseline-flag prints the -todoctx.baseline flag that pins FILE's contents
(FILE@sha256:HEX), which go vet requires: it caches results by its flags,
so the flag must change when the file does. A relative FILE stays
relative: go vet reads it from the module root.
`

// todoCommand runs "ctxlint todo". It returns the exit code: 0, 3 when the
// baseline has stale entries, 1 on failure, 2 on a usage error.
func todoCommand(args []string, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("ctxlint todo", flag.ContinueOnError)
	fs.SetOutput(stderr)
	fs.Usage = func() { fmt.Fprint(stderr, todoUsage); fs.PrintDefaults() }
	format := fs.String("format", "text", "output format: text, json or markdown")
	write := fs.String("write-baseline", "", "write the sites to this baseline file")
	pin := fs.String("baseline-flag", "", "print the -todoctx.baseline flag that pins this file's contents, and exit")
	// The analyzers' flags, as the standalone driver has them, and
	// -background for -todoctx.background. They are the analyzers' own
	// variables: restore them when done.
	saved := map[*flag.Flag]string{}
	for _, a := range []*analysis.Analyzer{ctxprop.Analyzer, todoctx.Analyzer} {
		a.Flags.VisitAll(func(f *flag.Flag) {
			saved[f] = f.Value.String()
			fs.Var(f.Value, a.Name+"."+f.Name, f.Usage)
		})
	}
	defer func() {
		for f, v := range saved {
			f.Value.Set(v)
		}
	}()
	addTagsFlag(fs)
	bg := todoctx.Analyzer.Flags.Lookup("background")
	fs.Var(bg.Value, "background", "also count context.Background() outside main, init, tests and goroutine roots")
	if err := fs.Parse(args); err != nil {
		return 2
	}
	if *pin != "" {
		value, err := todoctx.PinBaseline(*pin)
		if err != nil {
			fmt.Fprintln(stderr, "ctxlint todo:", err)
			return 1
		}
		fmt.Fprintf(stdout, "-todoctx.baseline=%s\n", value)
		return 0
	}
	render, ok := renderers[*format]
	if !ok {
		fmt.Fprintf(stderr, "ctxlint todo: unknown -format %q: want text, json or markdown\n", *format)
		return 2
	}

	patterns := fs.Args()
	if len(patterns) == 0 {
		patterns = []string{"."}
	}
	inv, err := inventory(patterns)
	if err != nil {
		fmt.Fprintln(stderr, "ctxlint todo:", err)
		return 1
	}
	if value := todoctx.Analyzer.Flags.Lookup("baseline").Value.String(); value != "" {
		if err := inv.staleEntries(value); err != nil {
			fmt.Fprintln(stderr, "ctxlint todo:", err)
			return 1
		}
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
	if len(inv.Stale) > 0 {
		return 3
	}
	return 0
}

// inv is the inventory: sites grouped by package, and the baseline's
// stale entries.
type inv struct {
	Packages []*pkgInv
	// analysed holds the paths of the packages analysed, their external
	// test packages included.
	analysed map[string]bool
	Stale    []string // keys, sorted
	Baseline string   // the baseline's path, when Stale is set
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
	pkgs, err := loadPackages(patterns)
	if err != nil {
		return nil, err
	}
	// Both as roots: results of other actions are not kept.
	graph, err := checker.Analyze([]*analysis.Analyzer{ctxprop.Analyzer, todoctx.Analyzer}, pkgs, nil)
	if err != nil {
		return nil, err
	}
	stuck := map[string]ctxprop.Stuck{} // by origin, across the program
	var all []*todoctx.Site
	analysed := map[string]bool{}
	for act := range graph.All() {
		if act.Err != nil {
			return nil, fmt.Errorf("%s: %v", act, act.Err)
		}
		if act.IsRoot {
			analysed[act.Package.PkgPath] = true
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
	v := &inv{analysed: analysed}
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

// staleEntries sets v.Stale to the entries of the baseline that value
// names (as -todoctx.baseline) that match no site: in a package analysed,
// or of a package that does not exist any more. An entry of a package that
// exists but was not analysed is not judged.
func (v *inv) staleEntries(value string) error {
	base, path, err := todoctx.OpenBaseline(value)
	if err != nil {
		return err
	}
	sites := map[string]bool{}
	for _, s := range v.sites() {
		sites[s.Key()] = true
	}
	var stale, unknown []string
	for key := range base {
		if sites[key] {
			continue
		}
		pkg, _, _ := strings.Cut(key, " ")
		switch {
		case v.analysed[pkg], v.analysed[strings.TrimSuffix(pkg, "_test")]:
			// Analysed, or its external tests would have been.
			stale = append(stale, key)
		default:
			unknown = append(unknown, key)
		}
	}
	gone, err := missingPackages(unknown)
	if err != nil {
		return err
	}
	for _, key := range unknown {
		pkg, _, _ := strings.Cut(key, " ")
		if gone[strings.TrimSuffix(pkg, "_test")] {
			stale = append(stale, key)
		}
	}
	sort.Strings(stale)
	v.Stale, v.Baseline = stale, path
	return nil
}

// missingPackages returns which of the keys' packages (of an external test
// package, the package it tests) do not exist: the go command finds no
// files for them.
func missingPackages(keys []string) (map[string]bool, error) {
	gone := map[string]bool{}
	var paths []string
	for _, key := range keys {
		pkg, _, _ := strings.Cut(key, " ")
		pkg = strings.TrimSuffix(pkg, "_test")
		if strings.HasPrefix(pkg, "-") {
			gone[pkg] = true // no import path: not a flag for the go command either
		} else if !slices.Contains(paths, pkg) {
			paths = append(paths, pkg)
		}
	}
	if len(paths) == 0 {
		return gone, nil
	}
	pkgs, err := packages.Load(&packages.Config{Mode: packages.NeedName | packages.NeedFiles, BuildFlags: buildFlags()}, paths...)
	if err != nil {
		return nil, err
	}
	found := map[string]bool{}
	for _, p := range pkgs {
		if len(p.GoFiles)+len(p.CompiledGoFiles)+len(p.IgnoredFiles) > 0 {
			found[p.PkgPath] = true
		}
	}
	for _, p := range paths {
		if !found[p] {
			gone[p] = true
		}
	}
	return gone, nil
}

// writeBaselineFile replaces the file atomically, keeping its mode; a new
// file is 0644, like the source files the baseline sits among.
func writeBaselineFile(path string, sites []*todoctx.Site) error {
	mode := os.FileMode(0o644)
	if fi, err := os.Stat(path); err == nil {
		mode = fi.Mode().Perm()
	}
	tmp, err := os.CreateTemp(filepath.Dir(path), ".baseline-*")
	if err != nil {
		return err
	}
	defer os.Remove(tmp.Name())
	if err := todoctx.WriteBaseline(tmp, sites); err != nil {
		tmp.Close()
		return err
	}
	if err := tmp.Chmod(mode); err != nil {
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
	fmt.Fprintf(w, "total: %d (%s)\n", len(total), countList(counts(total)))
	for _, key := range v.Stale {
		fmt.Fprintf(w, "stale baseline entry %q: no such context.TODO() any more: remove it from %s\n", key, v.Baseline)
	}
	return nil
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
		Stale      []string                 `json:"stale,omitempty"` // baseline entries matching no site
	}{Total: len(v.sites()), ByCategory: counts(v.sites()), Packages: []jsonPkg{}, Stale: v.Stale}
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
	if len(v.Stale) > 0 {
		fmt.Fprintf(w, "\n### Stale baseline entries\n\nRemove them from `%s`:\n\n", v.Baseline)
		for _, key := range v.Stale {
			fmt.Fprintf(w, "- `%s`\n", key)
		}
	}
	return nil
}
