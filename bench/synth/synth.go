// Package synth writes synthetic Go modules for benchmarking ctxlint: N
// packages whose call chains of depth D cross packages, with interfaces of
// several implementations, function values in maps filled by init(),
// closures, generics, context.TODO() debt, and health-monitored loops, some
// of which reach net/http without the loop's deadline.
//
// Layout of a generated module (module path Config.Module):
//
//	go.mod            requires github.com/ctxlint/ctxlint, replaced by Config.Replace
//	api/api.go        the Fetcher interface, generic helpers (Each, Retry, Cache)
//	p/pNNNN/pNNNN.go  package i of N
//
// Package i is level l = i mod D of chain g = i / D. Level 0 makes the HTTP
// calls; level l > 0 imports level l-1 of its own chain and, when chain g-1
// is in the same cluster of Config.Cluster chains, level l-1 of chain g-1:
// the call chains cross packages, and every package's import closure is
// bounded by Cluster*D whatever N is (as in a large repository made of
// components). The top of each chain (l = D-1) has a bounded loop (Run)
// and an unbounded one (Poll); every fifth package has a bounded loop too.
package synth

import (
	"bytes"
	"fmt"
	"go/ast"
	"go/format"
	"go/parser"
	"go/token"
	"os"
	"path/filepath"
)

// Config says what to generate.
type Config struct {
	Packages int    // N, number of generated packages (besides api)
	Depth    int    // D, packages per call chain (levels)
	Cluster  int    // chains per cluster: cross-chain imports stay in a cluster
	Fillers  int    // non-blocking helper functions per package
	Module   string // module path; default "bench.example/synth"
	Replace  string // directory of the ctxlint module for the replace directive; "" for none
	GoSum    string // a go.sum to copy into the module; "" for none
}

// Stats counts what was generated, over the generated packages and api.
type Stats struct {
	Packages  int // including api
	Lines     int
	Funcs     int // function and method declarations
	Literals  int // function literals
	Loops     int // monitored loops
	Unbounded int // monitored loops that reach net/http without the deadline (Poll)
	Todos     int // context.TODO() calls
}

// Defaults fills the zero fields of c.
func (c *Config) Defaults() {
	if c.Packages <= 0 {
		c.Packages = 100
	}
	if c.Depth <= 0 {
		c.Depth = 6
	}
	if c.Cluster <= 0 {
		c.Cluster = 8
	}
	if c.Fillers < 0 {
		c.Fillers = 0
	}
	if c.Module == "" {
		c.Module = "bench.example/synth"
	}
}

// Generate writes the module described by c into dir, which it creates.
func Generate(dir string, c Config) (Stats, error) {
	c.Defaults()
	var st Stats
	if err := writeModFiles(dir, c); err != nil {
		return st, err
	}
	if err := writeGo(filepath.Join(dir, "api", "api.go"), apiSource, &st); err != nil {
		return st, err
	}
	g := &gen{c: c, width: max(4, len(fmt.Sprint(c.Packages-1)))}
	for i := range c.Packages {
		src := g.pkg(i, &st)
		if err := writeGo(filepath.Join(dir, "p", g.name(i), g.name(i)+".go"), src, &st); err != nil {
			return st, err
		}
	}
	return st, nil
}

// writeModFiles writes go.mod and go.sum.
func writeModFiles(dir string, c Config) error {
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return err
	}
	gomod := fmt.Sprintf("module %s\n\ngo 1.26.0\n", c.Module)
	if c.Replace != "" {
		abs, err := filepath.Abs(c.Replace)
		if err != nil {
			return err
		}
		gomod += fmt.Sprintf("\nrequire github.com/ctxlint/ctxlint v0.0.0\n\nreplace github.com/ctxlint/ctxlint => %s\n", abs)
	}
	if err := os.WriteFile(filepath.Join(dir, "go.mod"), []byte(gomod), 0o644); err != nil {
		return err
	}
	if c.GoSum == "" {
		return nil
	}
	sum, err := os.ReadFile(c.GoSum)
	if err != nil {
		return err
	}
	return os.WriteFile(filepath.Join(dir, "go.sum"), sum, 0o644)
}

// writeGo checks and formats src, counts it into st, and writes it.
func writeGo(path, src string, st *Stats) error {
	fset := token.NewFileSet()
	f, err := parser.ParseFile(fset, path, src, parser.ParseComments)
	if err != nil {
		return fmt.Errorf("synth: generated invalid Go: %v", err)
	}
	ast.Inspect(f, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.FuncDecl:
			st.Funcs++
		case *ast.FuncLit:
			st.Literals++
		case *ast.CallExpr:
			if sel, ok := n.Fun.(*ast.SelectorExpr); ok && sel.Sel.Name == "TODO" {
				if id, ok := sel.X.(*ast.Ident); ok && id.Name == "context" {
					st.Todos++
				}
			}
		}
		return true
	})
	var buf bytes.Buffer
	if err := format.Node(&buf, fset, f); err != nil {
		return err
	}
	st.Packages++
	st.Lines += bytes.Count(buf.Bytes(), []byte("\n"))
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		return err
	}
	return os.WriteFile(path, buf.Bytes(), 0o644)
}
