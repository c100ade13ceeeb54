package todoctx

import (
	"bufio"
	"bytes"
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"go/parser"
	"go/token"
	"io"
	"os"
	"path/filepath"
	"sort"
	"strconv"
	"strings"
	"sync"

	"golang.org/x/tools/go/analysis"
)

// A Baseline is a set of known sites, by Site.Key.
type Baseline map[string]bool

// ReadBaseline parses a baseline: one site per line, "package function
// ordinal"; blank lines and # comments are skipped.
func ReadBaseline(r io.Reader) (Baseline, error) {
	b := Baseline{}
	sc := bufio.NewScanner(r)
	for n := 1; sc.Scan(); n++ {
		line := strings.TrimSpace(sc.Text())
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		f := strings.Fields(line)
		if len(f) != 3 {
			return nil, fmt.Errorf("line %d: want \"package function ordinal\", got %q", n, line)
		}
		if i, err := strconv.Atoi(f[2]); err != nil || i < 1 {
			return nil, fmt.Errorf("line %d: ordinal %q is not a positive number", n, f[2])
		}
		b[strings.Join(f, " ")] = true
	}
	return b, sc.Err()
}

// WriteBaseline writes the sites' keys, sorted, with a header.
func WriteBaseline(w io.Writer, sites []*Site) error {
	keys := make([]string, 0, len(sites))
	for _, s := range sites {
		keys = append(keys, s.Key())
	}
	sort.Strings(keys)
	bw := bufio.NewWriter(w)
	fmt.Fprintln(bw, "# ctxlint todo baseline: known context.TODO() sites, one per line: package function ordinal.")
	fmt.Fprintln(bw, "# Written by \"ctxlint todo -write-baseline\"; remove lines as sites are fixed.")
	for _, k := range keys {
		fmt.Fprintln(bw, k)
	}
	return bw.Flush()
}

// digestSep joins a baseline's path and the digest of its contents in a
// -todoctx.baseline value: FILE@sha256:HEX.
const digestSep = "@sha256:"

// splitBaselineValue splits a -todoctx.baseline value into the file and
// the hex digest of its contents, "" when the value has none.
func splitBaselineValue(value string) (path, digest string, err error) {
	i := strings.LastIndex(value, digestSep)
	if i < 0 {
		return value, "", nil
	}
	path, digest = value[:i], strings.ToLower(value[i+len(digestSep):])
	if _, err := hex.DecodeString(digest); err != nil || len(digest) != 2*sha256.Size || path == "" {
		return "", "", fmt.Errorf("-todoctx.baseline=%s: the digest after %s must be 64 hex digits", value, digestSep)
	}
	return path, digest, nil
}

func digestOf(data []byte) string {
	sum := sha256.Sum256(data)
	return hex.EncodeToString(sum[:])
}

// PinBaseline returns the -todoctx.baseline value that pins the current
// contents of the file that value names: FILE@sha256:HEX, the SHA-256 of
// the file, whatever digest value had. A relative FILE is read from the
// current directory and stays relative. Drivers that cache results by
// their configuration (go vet, golangci-lint) must be given the pinned
// value: it changes when the file does, and so does their cache key.
func PinBaseline(value string) (string, error) {
	path, _, err := splitBaselineValue(value)
	if err != nil {
		return "", err
	}
	data, err := os.ReadFile(path)
	if err != nil {
		return "", err
	}
	return path + digestSep + digestOf(data), nil
}

// OpenBaseline reads the baseline a -todoctx.baseline value names, as a
// standalone run does: a relative FILE is read from the current directory,
// and a digest, if the value has one, must match the file. It returns the
// path of the file too.
func OpenBaseline(value string) (Baseline, string, error) {
	path, digest, err := splitBaselineValue(value)
	if err != nil {
		return nil, "", err
	}
	b, err := readPinned(value, path, path, digest, false)
	return b, path, err
}

// vetProtocol reports whether this process runs the go vet (or go fix)
// protocol, "tool [flags] vet.cfg", decided as multichecker.Main decides
// it. The go command caches those runs, keyed by the tool's flags, and
// runs the tool in the package's directory.
var vetProtocol = sync.OnceValue(func() bool {
	return len(os.Args) > 1 && strings.HasSuffix(os.Args[len(os.Args)-1], ".cfg")
})

var baselines struct {
	sync.Mutex
	byFile map[string]Baseline // by absolute path and digest
	roots  map[string]string   // module root by package directory
}

// loadBaseline reads -todoctx.baseline (nil when unset), parsing each
// version of the file once per process. It returns the path the user gave,
// for messages. Under go vet a relative path is relative to the module
// root (the directory of the nearest go.mod above the package's files),
// and the value must carry the file's digest.
func loadBaseline(pass *analysis.Pass) (Baseline, string, error) {
	value := flags.baseline
	if value == "" {
		return nil, "", nil
	}
	path, digest, err := splitBaselineValue(value)
	if err != nil {
		return nil, "", err
	}
	file := path
	if vetProtocol() && !filepath.IsAbs(path) && len(pass.Files) > 0 {
		dir := filepath.Dir(pass.Fset.File(pass.Files[0].Pos()).Name())
		root, err := moduleRoot(dir)
		if err != nil {
			return nil, "", err
		}
		file = filepath.Join(root, path)
	}
	b, err := readPinned(value, path, file, digest, vetProtocol())
	return b, path, err
}

// readPinned reads the baseline file, path as the user gave it, checking
// the digest: when the value has none, it is an error if required.
func readPinned(value, path, file, digest string, required bool) (Baseline, error) {
	data, err := os.ReadFile(file)
	if err != nil {
		return nil, fmt.Errorf("-todoctx.baseline: %w", err)
	}
	now := digestOf(data)
	pinned := path + digestSep + now
	switch {
	case digest == "" && required:
		return nil, fmt.Errorf("-todoctx.baseline=%s has no digest, and go vet caches results by its flags, not by the file's contents: pass -todoctx.baseline=%s (ctxlint todo -baseline-flag %s prints it)", value, pinned, path)
	case digest != "" && digest != now:
		return nil, fmt.Errorf("-todoctx.baseline=%s: the file has changed since: pass -todoctx.baseline=%s (ctxlint todo -baseline-flag %s prints it)", value, pinned, path)
	}
	abs, err := filepath.Abs(file)
	if err != nil {
		return nil, fmt.Errorf("-todoctx.baseline: %w", err)
	}
	key := abs + digestSep + now
	baselines.Lock()
	defer baselines.Unlock()
	if b, ok := baselines.byFile[key]; ok {
		return b, nil
	}
	b, err := ReadBaseline(bytes.NewReader(data))
	if err != nil {
		return nil, fmt.Errorf("-todoctx.baseline: %s: %w", path, err)
	}
	if baselines.byFile == nil {
		baselines.byFile = map[string]Baseline{}
	}
	baselines.byFile[key] = b
	return b, nil
}

// moduleRoot returns the directory of the nearest go.mod at or above dir.
func moduleRoot(dir string) (string, error) {
	baselines.Lock()
	root, ok := baselines.roots[dir]
	baselines.Unlock()
	if ok {
		return root, nil
	}
	for d := dir; ; {
		if _, err := os.Stat(filepath.Join(d, "go.mod")); err == nil {
			root = d
			break
		}
		parent := filepath.Dir(d)
		if parent == d {
			return "", fmt.Errorf("-todoctx.baseline: a relative path is relative to the module root under go vet, and %s is in no module: give an absolute path", dir)
		}
		d = parent
	}
	baselines.Lock()
	if baselines.roots == nil {
		baselines.roots = map[string]string{}
	}
	baselines.roots[dir] = root
	baselines.Unlock()
	return root, nil
}

// checkBaseline reports the baseline's entries for this package that
// match no site: fixed debt, to remove from the file. The variant of a
// package without its test files leaves that to the variant with them,
// which sees every function; entries of a package that is gone are for
// "ctxlint todo", which sees the whole program.
func checkBaseline(pass *analysis.Pass, b Baseline, path string, res *Result) {
	if b == nil || len(pass.Files) == 0 || lacksItsTests(pass) {
		return
	}
	prefix := pass.Pkg.Path() + " "
	var stale []string
	for key := range b {
		if strings.HasPrefix(key, prefix) && strings.Count(key[len(prefix):], " ") == 1 && !res.Baselined[key] {
			stale = append(stale, key)
		}
	}
	sort.Strings(stale)
	for _, key := range stale {
		pass.Reportf(pass.Files[0].Package, "stale baseline entry %q: no such context.TODO() any more: remove it from %s", key, path)
	}
}

// lacksItsTests reports whether the pass has none of its package's
// in-package test files (*_test.go declaring the same package name, in the
// same directory): the package is analysed with them too, or its tests are
// not analysed at all and entries for test functions cannot be judged.
func lacksItsTests(pass *analysis.Pass) bool {
	var dir string
	for _, f := range pass.Files {
		name := pass.Fset.File(f.Pos()).Name()
		if strings.HasSuffix(name, "_test.go") {
			return false
		}
		dir = filepath.Dir(name)
	}
	tests, _ := filepath.Glob(filepath.Join(dir, "*_test.go"))
	for _, t := range tests {
		f, err := parser.ParseFile(token.NewFileSet(), t, nil, parser.PackageClauseOnly)
		if err == nil && f.Name.Name == pass.Pkg.Name() {
			return true
		}
	}
	return false
}
