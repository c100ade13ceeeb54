package excluded

import (
	"go/build"
	"go/build/constraint"
	"maps"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"time"

	"github.com/ctxlint/ctxlint/rewrite/internal/source"
	"github.com/ctxlint/ctxlint/rewrite/internal/timing"
	"golang.org/x/tools/go/packages"
)

// platforms are the GOOS/GOARCH pairs tried, in order, for a build that
// includes a file the current one excludes.
var platforms = [][2]string{
	{"linux", "amd64"}, {"windows", "amd64"}, {"darwin", "arm64"}, {"darwin", "amd64"},
	{"linux", "arm64"}, {"windows", "arm64"}, {"freebsd", "amd64"}, {"linux", "386"},
	{"windows", "386"}, {"linux", "arm"}, {"openbsd", "amd64"}, {"netbsd", "amd64"},
	{"dragonfly", "amd64"}, {"solaris", "amd64"}, {"illumos", "amd64"}, {"aix", "ppc64"},
	{"android", "arm64"}, {"ios", "arm64"}, {"plan9", "amd64"}, {"linux", "ppc64le"},
	{"linux", "s390x"}, {"linux", "riscv64"}, {"linux", "mips64"}, {"js", "wasm"}, {"wasip1", "wasm"},
}

// Config is a build that includes a file: its platform and tags.
type Config struct {
	goos, goarch string
	tags         []string
}

// String is the configuration as go build would be told it.
func (c Config) String() string {
	s := "GOOS=" + c.goos + " GOARCH=" + c.goarch
	if len(c.tags) > 0 {
		s += " -tags=" + strings.Join(c.tags, ",")
	}
	return s
}

// ConfigFor finds a build that includes the file: the first platform that
// does, with the user's tags, with those and every tag its constraint
// names, with the latter alone (a constraint may negate a user's tag), or
// with none.
func ConfigFor(name string, userTags []string) (Config, bool) {
	src, err := os.ReadFile(name)
	if err != nil {
		return Config{}, false
	}
	var tags []string // the file's own
	known := map[string]bool{"cgo": true, "gc": true, "gccgo": true, "unix": true}
	for _, p := range platforms {
		known[p[0]], known[p[1]] = true, true
	}
	for _, line := range strings.Split(string(src), "\n") {
		if strings.HasPrefix(line, "package ") {
			break // constraints stand above the package clause
		}
		// A "// +build" line alone constrains code older than Go 1.17.
		if !constraint.IsGoBuild(line) && !constraint.IsPlusBuild(line) {
			continue
		}
		expr, err := constraint.Parse(line)
		if err != nil {
			continue
		}
		expr.Eval(func(tag string) bool {
			if !known[tag] && !strings.HasPrefix(tag, "go1.") && !slices.Contains(tags, tag) {
				tags = append(tags, tag)
			}
			return false
		})
	}
	slices.Sort(tags)
	both := slices.Compact(slices.Sorted(slices.Values(append(slices.Clone(userTags), tags...))))
	dir, base := filepath.Split(name)
	for _, ts := range [][]string{userTags, both, tags, nil} {
		for _, p := range platforms {
			ctx := build.Default
			ctx.GOOS, ctx.GOARCH, ctx.BuildTags, ctx.CgoEnabled = p[0], p[1], ts, false
			if ok, err := ctx.MatchFile(dir, base); err == nil && ok {
				return Config{goos: p[0], goarch: p[1], tags: ts}, true
			}
		}
	}
	return Config{}, false
}

// Build is one build configuration to check, and the package
// directories to load under it.
type Build struct {
	Cfg    Config
	Dirs   map[string]bool
	Edited map[string]bool // the excluded files edited
	Tests  bool            // a file to check is a test
}

// BuildError is an error of a build: the file it is in, if known, the
// message with file names relative to the module, and that message
// without its position.
type BuildError struct {
	File, Msg, Text string
}

// Check loads the directories under the build, with the overlay, and
// returns the errors in each directory's package's own files (a load that
// fails is an error of every directory), and the files the build
// compiled.
func (b *Build) Check(p *source.Program, builds Builds, overlay map[string][]byte) (errs map[string][]BuildError, compiled map[string]bool) {
	errs, compiled = map[string][]BuildError{}, map[string]bool{}
	c := builds.check(p, b.Cfg, b.Dirs, b.Tests, overlay)
	for dir, err := range c.failed {
		if b.Dirs[dir] {
			msg := relError(p, err.Error())
			errs[dir] = append(errs[dir], BuildError{Msg: msg, Text: msg})
		}
	}
	for _, pkg := range c.pkgs {
		for _, name := range pkg.CompiledGoFiles {
			compiled[name] = true
		}
		for _, e := range c.errs[pkg] {
			file, _, _ := strings.Cut(e.Pos, ":")
			dir := filepath.Dir(file)
			if file == "" || file == "-" {
				dir = PkgDir(pkg)
			}
			if b.Dirs[dir] {
				errs[dir] = append(errs[dir], BuildError{File: file, Msg: relError(p, e.Error()), Text: relError(p, e.Msg)})
			}
		}
	}
	return errs, compiled
}

// load loads the package directories under the build, with the overlay,
// from source (see loadSource): one load per main module, whose patterns
// are directories relative to it. A load that fails is the failure of
// each of its directories.
func (c Config) load(p *source.Program, dirs []string, overlay map[string][]byte, tests bool) (pkgs []*packages.Package, failed map[string]error) {
	env := append(os.Environ(), "GOOS="+c.goos, "GOARCH="+c.goarch, "CGO_ENABLED=0", "GOFLAGS=")
	var flags []string
	if len(c.tags) > 0 {
		flags = []string{"-tags=" + strings.Join(c.tags, ",")}
	}
	failed = map[string]error{}
	// The main load's file set, so that the dependencies' files it
	// parsed serve every platform; a platform's check parses into it too.
	fset := p.Fset
	byModule := map[string][]string{}
	for _, dir := range dirs {
		for _, mod := range p.Modules {
			if rel, err := filepath.Rel(mod, dir); err == nil && !strings.HasPrefix(rel, "..") {
				byModule[mod] = append(byModule[mod], "./"+filepath.ToSlash(rel))
				break
			}
		}
	}
	start := time.Now()
	defer func() {
		timing.Logf("loaded %d directories under %s from source: %d packages, in %v", len(dirs), c, len(pkgs), time.Since(start).Round(time.Millisecond))
	}()
	for _, mod := range slices.Sorted(maps.Keys(byModule)) {
		patterns := byModule[mod]
		slices.Sort(patterns)
		loaded, err := loadSource(&packages.Config{
			Fset:       fset,
			Dir:        mod,
			Env:        env,
			BuildFlags: flags,
			Overlay:    overlay,
			Tests:      tests,
		}, patterns, p.InModule, p.ParsedFile)
		if err != nil {
			for _, pat := range patterns {
				failed[filepath.Join(mod, filepath.FromSlash(pat))] = err
			}
			continue
		}
		pkgs = append(pkgs, loaded...)
	}
	return pkgs, failed
}

// PkgDir is the directory of a package's files.
func PkgDir(pkg *packages.Package) string {
	for _, names := range [][]string{pkg.GoFiles, pkg.CompiledGoFiles, pkg.IgnoredFiles} {
		if len(names) > 0 {
			return filepath.Dir(names[0])
		}
	}
	return ""
}

// relError shortens the file names of an error message to their path in
// the module.
func relError(p *source.Program, msg string) string {
	for _, mod := range p.Modules {
		msg = strings.ReplaceAll(msg, mod+string(filepath.Separator), "")
	}
	return msg
}

// Key identifies a build error across builds of different sets: its
// file and message, not its position, which the edits move, nor the
// context a call and its callee both gained (a call with too few
// arguments before the rewrite has too few after it).
func (e BuildError) Key() string {
	return e.File + ": " + ctxInLists.Replace(e.Text)
}

// ctxInLists drops a context parameter from the have and want lists of
// an error's message.
var ctxInLists = strings.NewReplacer(
	"(context.Context, ", "(", "(\"context\".Context, ", "(",
	"(context.Context)", "()", "(\"context\".Context)", "()",
)

// Only is the build b of dir alone.
func (b *Build) Only(dir string) *Build {
	return &Build{Cfg: b.Cfg, Dirs: map[string]bool{dir: true}, Tests: b.Tests}
}
