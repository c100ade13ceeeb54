package rewrite_test

import (
	"flag"
	"fmt"
	"go/format"
	"io/fs"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	"golang.org/x/tools/go/packages"

	"github.com/ctxlint/ctxlint/analyzers/ctxprop"
	"github.com/ctxlint/ctxlint/internal/wholeprog"
	"github.com/ctxlint/ctxlint/rewrite"
)

var update = flag.Bool("update", false, "rewrite the after/ trees from the current output")

// Each case is a module under testdata/CASE/before (module example.com/x).
// The test copies it, runs the migration, and checks: the result equals
// testdata/CASE/after byte for byte, it builds and vets, the refusals are
// those listed, ctxprop finds nothing on the rewritten paths (only the
// reports listed in left remain, on the refused paths), and a second run
// changes nothing.
var cases = []struct {
	name string
	opts rewrite.Options
	// refused lists the refusals expected, in order, as "file:line:
	// class" (file relative to the module).
	refused []string
	// left lists the ctxprop reports left after the fix (the refused
	// paths), sorted, as "file:line: component: sink".
	left []string
	// goos lists other platforms the result must build and vet on: the
	// files their builds include and this one excludes must not break.
	goos []string
}{
	{name: "chain"},
	{name: "joined"},
	// The worker pool's path waits on a channel: refused and left.
	{
		name:    "handoff",
		refused: []string{"registry/registry.go:98: hand-off"},
		left:    []string{`registry/registry.go:110: "registry": net.Dial`},
	},
	{name: "iface"},
	{name: "scanners"},
	{name: "periodic", opts: rewrite.Options{Timeout: 5 * time.Second}},
	// The report left is the one refused call, through the interface into
	// the client: one report at the call, not a second for the dial
	// inside the client.
	{
		name:    "boundary",
		refused: []string{"probe/probe.go:34: cannot edit"},
		left:    []string{`probe/probe.go:44: "probe": (*example.com/wire.Client).Exchange`},
	},
	{name: "funcs"},
	{name: "handlers"},
	{name: "ctxvars"},
	{name: "scopes"},
	{name: "sinks"},
	{name: "shapes"},
	{name: "compat", opts: rewrite.Options{Compat: true}},
	// tgblame's Disk is held to a Windows-only interface: its set is
	// refused, then its loop's, which has nothing left to pass ctx to
	// ("nothing below"); Names, whose method has the same name, is
	// migrated.
	{
		name: "tagged",
		refused: []string{
			"tg/probe_other.go:8: build-tagged file",
			"tg/probe_other.go:17: build-tagged file",
			"tg/tg.go:44: build-tagged file",
			"tgblame/tgblame.go:18: build-tagged file",
			"tgblame/tgblame.go:38: nothing below",
		},
		left: []string{
			`tg/tg.go:58: "tagged": net.Dial`,
			`tg/tg.go:59: "tagged": net.LookupMX`,
			`tg/tg.go:61: "tagged": net.LookupNS`,
			`tgblame/tgblame.go:39: "disk": net.Dial`,
		},
		goos: []string{"windows"},
	},
	{
		name:    "cgo",
		refused: []string{"cg/export.go:12: cgo export"},
		left:    []string{`cg/loop.go:15: "cgo": net.Dial`},
	},
	{
		name: "generated",
		// Typed[T].Say takes the threaded context, once instantiated with
		// one, but its body ignores it for http.Get: that report stays,
		// true, and the sink, in a generated file, cannot be edited.
		refused: []string{"gen/loop.go:24: generated file", "-:0: unresolved", "gen/loop.go:15: cannot edit"},
		left: []string{
			`gen/loop.go:23: "greeter": (*example.com/x/gen.Typed[T]).Say reaches net/http.Get (client.pb.go:32)`,
			`gen/loop.go:24: "greeter": example.com/x/gen.Legacy reaches net/http.Get (client.pb.go:41)`,
		},
	},
	{
		name: "types",
		refused: []string{
			"ty/ty.go:52: fixed signature",
			"ty/ty.go:64: used by reflection",
			"ty/ty.go:71: used by reflection",
			"ty/ty.go:74: used by reflection",
		},
		left: []string{
			`ty/ty.go:52: "types": net.LookupHost`,
			`ty/ty.go:70: "probe": net.LookupHost`,
		},
	},
	// x's command, built by a helper, is refused and left.
	{
		name: "refused",
		refused: []string{
			"n/n.go:13: no deadline",
			"r/r.go:43: external interface",
			"r/r.go:33: linkname",
			"x/x.go:20: cannot edit",
		},
		left: []string{
			`n/n.go:13: "loop": net.LookupHost`,
			`r/r.go:43: "r": net.LookupHost`,
			`r/r.go:45: "r": net.LookupMX`,
			`x/x.go:28: "x": (*os/exec.Cmd).Output`,
		},
	},
}

func TestGolden(t *testing.T) {
	if testing.Short() {
		t.Skip("loads and builds modules")
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			dir := copyModule(t, filepath.Join("testdata", c.name, "before"))
			res := migrate(t, dir, c.opts)
			assert.Equal(t, c.refused, refusals(t, dir, res.Refusals), "refusals")
			require.NoError(t, res.Write())

			golden := filepath.Join("testdata", c.name, "after")
			if *update {
				require.NoError(t, os.RemoveAll(golden))
				copyTree(t, dir, golden, func(rel string) bool { return rel != "go.mod" })
			}
			assert.Equal(t, readTree(t, golden), readTree(t, dir, "go.mod"), "the rewritten tree differs from %s (go test -run TestGolden -update to accept)", golden)

			for name, src := range readTree(t, dir) {
				if strings.HasSuffix(name, ".go") {
					clean, err := format.Source([]byte(src))
					require.NoError(t, err, name)
					assert.Equal(t, string(clean), src, "%s is not gofmt-clean", name)
				}
			}
			goCmd(t, dir, "build", "./...")
			goCmd(t, dir, "vet", "./...")
			for _, goos := range c.goos {
				goCmd(t, dir, "GOOS="+goos, "build", "./...")
				goCmd(t, dir, "GOOS="+goos, "vet", "./...")
			}

			pkgs := load(t, dir)
			graph, err := wholeprog.Analyze(pkgs)
			require.NoError(t, err)
			stuck, err := wholeprog.Stuck(graph)
			require.NoError(t, err)
			assert.Equal(t, c.left, leftReports(t, dir, pkgs, stuck), "ctxprop reports after the fix")

			// A second run, on the reports just read: nothing to change.
			again, err := rewrite.Build(pkgs, stuck, c.opts).Execute()
			require.NoError(t, err)
			assert.Empty(t, again.Files, "a second run changes files")
		})
	}
}

// TestGoldenInPart: decorating only the declarations an edit falls in
// (and the imports) writes the same trees as decorating whole files.
func TestGoldenInPart(t *testing.T) {
	if testing.Short() {
		t.Skip("loads modules")
	}
	defer rewrite.DecorateInPart()()
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			dir := copyModule(t, filepath.Join("testdata", c.name, "before"))
			res := migrate(t, dir, c.opts)
			require.NoError(t, res.Write())
			assert.Equal(t, readTree(t, filepath.Join("testdata", c.name, "after")), readTree(t, dir, "go.mod"))
		})
	}
}

// TestRefusalLeavesTree: where every change is refused, no file changes.
func TestRefusalLeavesTree(t *testing.T) {
	if testing.Short() {
		t.Skip("loads modules")
	}
	dir := copyModule(t, filepath.Join("testdata", "refused", "before"))
	for _, pkg := range []string{"r", "x"} { // where some change is made
		require.NoError(t, os.RemoveAll(filepath.Join(dir, pkg)))
	}
	before := readTree(t, dir)
	res := migrate(t, dir, rewrite.Options{})
	require.NoError(t, res.Write())
	assert.Empty(t, res.Files)
	assert.Equal(t, []string{"n/n.go:13: no deadline"}, refusals(t, dir, res.Refusals))
	require.Len(t, res.Refusals, 1)
	assert.Contains(t, res.Refusals[0].Reason, "the tick carries no deadline")
	assert.Equal(t, before, readTree(t, dir))
}

// refusals lists res's refusals in order as "file:line: class", file
// relative to dir, logging each in full.
func refusals(t *testing.T, dir string, refused []rewrite.Refusal) []string {
	t.Helper()
	var out []string
	for _, r := range refused {
		t.Logf("refused: %s", r)
		out = append(out, fmt.Sprintf("%s:%d: %s", relTo(t, dir, r.Pos.Filename), r.Pos.Line, r.Class))
	}
	return out
}

// leftReports lists the ctxprop reports of stuck, sorted, as "file:line:
// component: sink", file relative to dir.
func leftReports(t *testing.T, dir string, pkgs []*packages.Package, stuck []ctxprop.Stuck) []string {
	t.Helper()
	var out []string
	for _, s := range stuck {
		pos := pkgs[0].Fset.Position(s.Pos)
		out = append(out, fmt.Sprintf("%s:%d: %s: %s", relTo(t, dir, pos.Filename), pos.Line, s.Component, s.Reach.SinkText()))
	}
	slices.Sort(out)
	return out
}

// relTo returns name relative to dir, with slashes.
func relTo(t *testing.T, dir, name string) string {
	t.Helper()
	if name == "" {
		return "-"
	}
	rel, err := filepath.Rel(dir, name)
	require.NoError(t, err)
	return filepath.ToSlash(rel)
}

func migrate(t *testing.T, dir string, opts rewrite.Options) *rewrite.Result {
	t.Helper()
	res, err := rewrite.Migrate(func() ([]*packages.Package, error) {
		return load(t, dir), nil
	}, opts)
	require.NoError(t, err)
	return res
}

func load(t *testing.T, dir string) []*packages.Package {
	t.Helper()
	pkgs, err := packages.Load(&packages.Config{Dir: dir, Mode: rewrite.LoadMode, Tests: true}, "./...")
	require.NoError(t, err)
	require.Zero(t, packages.PrintErrors(pkgs), "errors loading %s", dir)
	return pkgs
}

// copyModule copies a before/ tree into a temporary module that uses this
// checkout's runtime/health.
func copyModule(t *testing.T, from string) string {
	t.Helper()
	dir := t.TempDir()
	copyTree(t, from, dir, func(string) bool { return true })
	_, self, _, _ := runtime.Caller(0)
	root := filepath.Dir(filepath.Dir(self))
	mod := "module example.com/x\n\ngo 1.26.0\n\nrequire github.com/ctxlint/ctxlint v0.0.0\n\nreplace github.com/ctxlint/ctxlint => " + root + "\n"
	// Modules beside before/ (mods/NAME) stand for third-party clients.
	mods, _ := filepath.Glob(filepath.Join(from, "..", "mods", "*", "go.mod"))
	for _, gomod := range mods {
		abs, err := filepath.Abs(filepath.Dir(gomod))
		require.NoError(t, err)
		src, err := os.ReadFile(gomod)
		require.NoError(t, err)
		path := ""
		for _, line := range strings.Split(string(src), "\n") {
			if rest, ok := strings.CutPrefix(line, "module "); ok {
				path = strings.TrimSpace(rest)
			}
		}
		v := "v0.0.0"
		if strings.HasSuffix(path, "/v2") {
			v = "v2.0.0"
		}
		mod += "\nrequire " + path + " " + v + "\n\nreplace " + path + " => " + abs + "\n"
	}
	require.NoError(t, os.WriteFile(filepath.Join(dir, "go.mod"), []byte(mod), 0o644))
	return dir
}

func copyTree(t *testing.T, from, to string, keep func(rel string) bool) {
	t.Helper()
	err := filepath.WalkDir(from, func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		rel, _ := filepath.Rel(from, path)
		if d.IsDir() {
			return os.MkdirAll(filepath.Join(to, rel), 0o755)
		}
		if !keep(rel) {
			return nil
		}
		b, err := os.ReadFile(path)
		if err != nil {
			return err
		}
		return os.WriteFile(filepath.Join(to, rel), b, 0o644)
	})
	require.NoError(t, err)
}

// readTree maps each file's path under dir to its contents.
func readTree(t *testing.T, dir string, skip ...string) map[string]string {
	t.Helper()
	out := map[string]string{}
	err := filepath.WalkDir(dir, func(path string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		rel, _ := filepath.Rel(dir, path)
		for _, s := range skip {
			if rel == s {
				return nil
			}
		}
		b, err := os.ReadFile(path)
		out[filepath.ToSlash(rel)] = string(b)
		return err
	})
	require.NoError(t, err)
	return out
}

// goCmd runs go with args in dir; leading NAME=value arguments are set in
// its environment.
func goCmd(t *testing.T, dir string, args ...string) {
	t.Helper()
	var env []string
	for len(args) > 0 && strings.Contains(args[0], "=") {
		env, args = append(env, args[0]), args[1:]
	}
	cmd := exec.Command("go", args...)
	cmd.Dir = dir
	cmd.Env = append(os.Environ(), env...)
	out, err := cmd.CombinedOutput()
	require.NoError(t, err, "%s go %s:\n%s", strings.Join(env, " "), strings.Join(args, " "), out)
}

// TestMigratedCommandSlot: once a command-building value takes the context
// (testdata/cmdslot: execCommand is exec.CommandContext, and the tests'
// fake, stored in an init, takes the context and ignores it), the
// commands it builds from the context in scope are bounded: a run that
// plans the package again (a dial with no context form stays on the path)
// leaves them, where it once planned the value again and refused it
// ("os/exec.CommandContext is declared outside the loaded module").
func TestMigratedCommandSlot(t *testing.T) {
	if testing.Short() {
		t.Skip("loads a module")
	}
	dir := copyModule(t, filepath.Join("testdata", "cmdslot", "before"))
	res := migrate(t, dir, rewrite.Options{})
	assert.Equal(t, []string{"s/s.go:27: cannot edit"}, refusals(t, dir, res.Refusals), "refusals: the dial only")
	assert.Empty(t, res.Files, "files changed")
}
