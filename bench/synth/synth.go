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
	"slices"
	"strings"

	"golang.org/x/tools/go/packages"
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

const apiSource = `// Package api is what every generated package shares: an interface with
// an implementation in every package, and generic helpers.
package api

import (
	"context"
	"sync"
)

// Fetcher is implemented in every package, over HTTP, through a chain of
// packages, from memory, and from context.Background().
type Fetcher interface {
	Fetch(ctx context.Context, key string) ([]byte, error)
}

// Each calls f on every element: a generic function taking a func value.
func Each[T any](xs []T, f func(T) error) error {
	for _, x := range xs {
		if err := f(x); err != nil {
			return err
		}
	}
	return nil
}

// Retry calls f up to n times.
func Retry[T any](n int, f func() (T, error)) (T, error) {
	var zero T
	var err error
	for range n {
		var v T
		if v, err = f(); err == nil {
			return v, nil
		}
	}
	return zero, err
}

// Cache memoizes load: a generic type calling a func-typed field.
type Cache[K comparable, V any] struct {
	mu   sync.Mutex
	m    map[K]V
	load func(K) (V, error)
}

// NewCache returns a cache over load.
func NewCache[K comparable, V any](load func(K) (V, error)) *Cache[K, V] {
	return &Cache[K, V]{m: make(map[K]V), load: load}
}

// Get returns the cached value of k, loading it on a miss.
func (c *Cache[K, V]) Get(k K) (V, error) {
	c.mu.Lock()
	defer c.mu.Unlock()
	if v, ok := c.m[k]; ok {
		return v, nil
	}
	v, err := c.load(k)
	if err == nil {
		c.m[k] = v
	}
	return v, err
}
`

type gen struct {
	c     Config
	width int
}

func (g *gen) name(i int) string { return fmt.Sprintf("p%0*d", g.width, i) }

// deps returns the packages i imports: down (same chain) and cross
// (neighbour chain in the cluster), -1 when absent.
func (g *gen) deps(i int) (down, cross int) {
	d := g.c.Depth
	l, ch := i%d, i/d
	if l == 0 {
		return -1, -1
	}
	down, cross = i-1, -1
	if ch > 0 && (ch-1)/g.c.Cluster == ch/g.c.Cluster {
		cross = (ch-1)*d + l - 1
	}
	return down, cross
}

// pkg returns the source of package i.
func (g *gen) pkg(i int, st *Stats) string {
	d := g.c.Depth
	l, ch := i%d, i/d
	name := g.name(i)
	down, cross := g.deps(i)
	leaf := l == 0
	top := l == d-1 || i == g.c.Packages-1
	runLoop := top || i%5 == 2
	pollLoop := top

	var b strings.Builder
	w := func(format string, args ...any) { fmt.Fprintf(&b, format, args...) }

	w("// Package %s is level %d of call chain %d (generated by ctxlint's bench/gen).\n", name, l, ch)
	w("package %s\n\nimport (\n\t\"context\"\n\t\"errors\"\n\t\"fmt\"\n\t\"strconv\"\n\t\"strings\"\n", name)
	if leaf {
		w("\t\"net/http\"\n")
	}
	w("\n\t%q\n", g.c.Module+"/api")
	if down >= 0 {
		w("\t%q\n", g.c.Module+"/p/"+g.name(down))
	}
	if cross >= 0 {
		w("\t%q\n", g.c.Module+"/p/"+g.name(cross))
	}
	if runLoop || pollLoop {
		w("\t\"github.com/ctxlint/ctxlint/runtime/health\"\n")
	}
	w(")\n\n")

	// The call chain: Chain runs under its caller's context, Legacy with none.
	if leaf {
		w(`var client = &http.Client{}

// Chain is the bottom of a call chain: an HTTP call under ctx.
func Chain(ctx context.Context, n int) error {
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, "http://svc.invalid/%[1]s/"+strconv.Itoa(n), nil)
	if err != nil {
		return err
	}
	resp, err := client.Do(req)
	if err != nil {
		return err
	}
	return resp.Body.Close()
}

// Legacy is the bottom of a chain that has no context at all.
func Legacy(n int) error {
	resp, err := http.Get("http://legacy.invalid/%[1]s/" + strconv.Itoa(n))
	if err != nil {
		return err
	}
	return resp.Body.Close()
}

type httpFetcher struct{ base string }

func (f *httpFetcher) Fetch(ctx context.Context, key string) ([]byte, error) {
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, f.base+key, nil)
	if err != nil {
		return nil, err
	}
	resp, err := client.Do(req)
	if err != nil {
		return nil, err
	}
	return nil, resp.Body.Close()
}

`, name)
	} else {
		w("// Chain is level %d of a call chain that crosses packages.\n", l)
		w("func Chain(ctx context.Context, n int) error {\n\tif n < 0 {\n\t\treturn errors.New(%q)\n\t}\n", name+": negative")
		if cross >= 0 {
			w("\tif err := %s.Chain(ctx, n+1); err != nil {\n\t\treturn err\n\t}\n", g.name(cross))
		}
		w("\treturn %s.Chain(ctx, n+2)\n}\n\n", g.name(down))
		w("// Legacy passes no context down the chain.\nfunc Legacy(n int) error { return %s.Legacy(n + 1) }\n\n", g.name(down))
		w(`// chainFetcher fetches through the package below.
type chainFetcher struct{ next api.Fetcher }

func (f chainFetcher) Fetch(ctx context.Context, key string) ([]byte, error) {
	if err := Chain(ctx, len(key)); err != nil {
		return nil, err
	}
	return f.next.Fetch(ctx, key+"/%s")
}

`, name)
	}

	// Debt: a context.TODO() on the way down, and one in a hoistable helper.
	w("// Todo is migration debt.\nfunc Todo(n int) error { return Chain(context.TODO(), n) }\n\n")

	// More implementations of api.Fetcher.
	w(`type memFetcher struct{ m map[string][]byte }

func (f *memFetcher) Fetch(_ context.Context, key string) ([]byte, error) { return f.m[key], nil }

`)
	if i%3 == 0 {
		w(`// bgFetcher ignores its caller's context.
type bgFetcher struct{}

func (bgFetcher) Fetch(_ context.Context, key string) ([]byte, error) {
	return nil, Chain(context.Background(), len(key))
}

`)
	}
	w("// NewFetcher returns one of the implementations of api.Fetcher.\nfunc NewFetcher(kind int) api.Fetcher {\n\tswitch kind %% 3 {\n\tcase 0:\n\t\treturn &memFetcher{m: map[string][]byte{}}\n")
	if i%3 == 0 {
		w("\tcase 1:\n\t\treturn bgFetcher{}\n")
	}
	if leaf {
		w("\tdefault:\n\t\treturn &httpFetcher{base: %q}\n\t}\n}\n\n", "http://fetch.invalid/"+name+"/")
	} else {
		w("\tdefault:\n\t\treturn chainFetcher{next: %s.NewFetcher(kind + 1)}\n\t}\n}\n\n", g.name(down))
	}

	// Function values in a map filled by init(), called through Handle.
	w("var handlers = map[string]func(context.Context, int) error{}\n\nfunc init() {\n\thandlers[\"chain\"] = Chain\n")
	if down >= 0 {
		w("\thandlers[\"down\"] = %s.Handle0\n", g.name(down))
	}
	w("\thandlers[\"local\"] = func(_ context.Context, n int) error { return check(n) }\n")
	w("\thandlers[\"legacy\"] = func(_ context.Context, n int) error { return Legacy(n) }\n}\n\n")
	w(`// Handle dispatches through the map.
func Handle(ctx context.Context, name string, n int) error {
	h, ok := handlers[name]
	if !ok {
		return errors.New(%q + name)
	}
	return h(ctx, n)
}

// Handle0 is the entry importers store in their own maps.
func Handle0(ctx context.Context, n int) error { return Handle(ctx, "chain", n) }

func check(n int) error {
	if n%%7 == 3 {
		return fmt.Errorf("%%s: bad %%s", strings.ToLower(%q), strconv.Itoa(n))
	}
	return nil
}

`, name+": no handler ", name)

	// Closures and generics.
	w(`// Batch calls Chain through a closure held in a local.
func Batch(ctx context.Context, xs []int) error {
	do := func(x int) error { return Chain(ctx, x) }
	for _, x := range xs {
		if err := do(x); err != nil {
			return err
		}
	}
	return nil
}

// All goes through a generic function.
func All(ctx context.Context, xs []int) error {
	return api.Each(xs, func(x int) error { return Chain(ctx, x) })
}

// Again retries through a generic function with a closure.
func Again(ctx context.Context, n int) (int, error) {
	return api.Retry(3, func() (int, error) { return n, Handle(ctx, "chain", n) })
}

var sizes = api.NewCache(func(k string) (int, error) { return len(k), Legacy(len(k)) })

// Size goes through a generic type's func field.
func Size(k string) (int, error) { return sizes.Get(k) }

type pair[A, B any] struct {
	a A
	b B
}

func zip[A, B any](as []A, f func(A) B) []pair[A, B] {
	out := make([]pair[A, B], 0, len(as))
	for _, a := range as {
		out = append(out, pair[A, B]{a, f(a)})
	}
	return out
}

`)

	// Fillers: ordinary code that blocks on nothing, some of it on a path
	// to Chain under a context parameter.
	w("type state struct {\n\tn    int\n\tname string\n}\n\n")
	for k := range g.c.Fillers {
		switch k % 4 {
		case 0:
			w(`func fill%[1]d(xs []int, s string) (int, error) {
	t := 0
	for i, x := range xs {
		switch {
		case x%%3 == 0:
			t += i
		case x%%3 == 1:
			t -= x
		default:
			t ^= x << 1
		}
	}
	if strings.HasPrefix(s, "e") {
		return t, fmt.Errorf("%[2]s.fill%[1]d: %%d", t)
	}
	return t + len(strconv.Itoa(t)), nil
}

`, k, name)
		case 1:
			w(`func (s *state) fill%[1]d(xs []int) int {
	n, err := fill%[2]d(xs, s.name)
	if err != nil {
		return -1
	}
	ps := zip(xs, strconv.Itoa)
	for _, p := range ps {
		s.n += p.a + len(p.b)
	}
	return n + s.n
}

`, k, k-1)
		case 2:
			w(`func fill%[1]d(ctx context.Context, s *state, xs []int) error {
	if s.fill%[2]d(xs) < 0 {
		return errors.New("%[3]s: negative")
	}
	return Chain(ctx, s.n)
}

`, k, k-1, name)
		case 3:
			w(`func (s state) fill%[1]d(words []string) string {
	var b strings.Builder
	for i, w := range words {
		if i > 0 {
			b.WriteString(",")
		}
		b.WriteString(strings.ToUpper(w))
	}
	return b.String() + s.name
}

`, k)
		}
	}

	// Monitored loops.
	if runLoop {
		st.Loops++
		w(`// Run is a monitored loop that passes the tick's deadline down: what it
// reaches statically is bounded; the interface call also resolves to
// bgFetcher where one is visible.
func Run(ctx context.Context, f api.Fetcher, xs []int) {
	h := health.RegisterLiveness("%[1]s-run")
	defer h.Deregister()
	for {
		select {
		case deadline := <-h.C:
			c, cancel := health.WithDeadline(ctx, deadline)
			_ = Chain(c, 1)
			_ = Batch(c, xs)
			_ = All(c, xs)
			_, _ = f.Fetch(c, "run")
			cancel()
		case <-ctx.Done():
			return
		}
	}
}

`, name)
	}
	if pollLoop {
		st.Loops++
		st.Unbounded++
		w(`// Poll is a monitored loop that reaches net/http without the deadline.
func Poll(ctx context.Context) {
	h := health.RegisterReadiness("%[1]s-poll")
	defer h.Deregister()
	for {
		select {
		case <-h.C:
			_ = Legacy(1)
			_ = Todo(2)
			_, _ = Size("k")
			_ = Handle(ctx, "legacy", 3)
		case <-ctx.Done():
			return
		}
	}
}

`, name)
	}
	return b.String()
}

// PathPackage returns the source of package name for the path-search
// benchmark: depth levels of width functions, each calling two functions of
// the next level (many paths of the same length to every sink), the last
// level calling back to the first (cycles) and making width distinct HTTP
// calls, and a monitored loop calling the first level. Every function
// reaches every sink.
func PathPackage(name string, depth, width int) string {
	var b strings.Builder
	w := func(format string, args ...any) { fmt.Fprintf(&b, format, args...) }
	w("// Package %s is a lattice of calls for ctxprop's path search.\npackage %s\n\n", name, name)
	w("import (\n\t\"net/http\"\n\n\t\"github.com/ctxlint/ctxlint/runtime/health\"\n)\n\n")
	for l := range depth {
		for j := range width {
			w("func f%d_%d(n int) error {\n", l, j)
			if l == depth-1 {
				w("\tif n > 100 {\n\t\treturn f0_%d(n - 1)\n\t}\n", (j+1)%width)
				w("\tresp, err := http.Get(\"http://paths.invalid/%d\")\n\tif err != nil {\n\t\treturn err\n\t}\n\treturn resp.Body.Close()\n}\n\n", j)
				continue
			}
			w("\tif n%%2 == 0 {\n\t\treturn f%d_%d(n + 1)\n\t}\n\treturn f%d_%d(n + 2)\n}\n\n", l+1, j, l+1, (j+1)%width)
		}
	}
	w("// Loop is the monitored loop.\nfunc Loop() {\n\th := health.RegisterLiveness(%q)\n\tfor range h.C {\n", name)
	for j := range width {
		w("\t\t_ = f0_%d(%d)\n", j, j)
	}
	w("\t}\n}\n")
	return b.String()
}

// WritePathPackage writes PathPackage(name, depth, width) into the
// directory name of the module at dir.
func WritePathPackage(dir, name string, depth, width int) error {
	var st Stats
	return writeGo(filepath.Join(dir, name, name+".go"), PathPackage(name, depth, width), &st)
}

// Load loads the packages matching patterns in the module at dir with
// their dependencies' syntax and types, as a fact-using analysis driver
// does (packages.LoadAllSyntax), in import path order.
func Load(dir string, patterns ...string) ([]*packages.Package, error) {
	cfg := &packages.Config{
		Mode: packages.LoadAllSyntax | packages.NeedModule,
		Dir:  dir,
		Env:  append(os.Environ(), "GOWORK=off", "GOFLAGS="),
	}
	pkgs, err := packages.Load(cfg, patterns...)
	if err != nil {
		return nil, err
	}
	var errs []string
	packages.Visit(pkgs, nil, func(p *packages.Package) {
		for _, e := range p.Errors {
			errs = append(errs, e.Error())
		}
	})
	if len(errs) > 0 {
		return nil, fmt.Errorf("synth: loading %s: %s", dir, strings.Join(errs, "; "))
	}
	slices.SortFunc(pkgs, func(x, y *packages.Package) int { return strings.Compare(x.PkgPath, y.PkgPath) })
	return pkgs, nil
}

// CountFuncs counts the function declarations and literals of pkgs (not of
// their dependencies).
func CountFuncs(pkgs []*packages.Package) int {
	n := 0
	for _, p := range pkgs {
		for _, f := range p.Syntax {
			ast.Inspect(f, func(node ast.Node) bool {
				switch node.(type) {
				case *ast.FuncDecl, *ast.FuncLit:
					n++
				}
				return true
			})
		}
	}
	return n
}
