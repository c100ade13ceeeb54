package todoctx

import (
	"bufio"
	"fmt"
	"io"
	"os"
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

var baselines struct {
	sync.Mutex
	byPath map[string]Baseline
}

// loadBaseline reads -todoctx.baseline once per process and path.
func loadBaseline() (Baseline, error) {
	path := flags.baseline
	if path == "" {
		return nil, nil
	}
	baselines.Lock()
	defer baselines.Unlock()
	if b, ok := baselines.byPath[path]; ok {
		return b, nil
	}
	f, err := os.Open(path)
	if err != nil {
		return nil, fmt.Errorf("todoctx: baseline: %w", err)
	}
	defer f.Close()
	b, err := ReadBaseline(f)
	if err != nil {
		return nil, fmt.Errorf("todoctx: baseline %s: %w", path, err)
	}
	if baselines.byPath == nil {
		baselines.byPath = map[string]Baseline{}
	}
	baselines.byPath[path] = b
	return b, nil
}

// checkBaseline reports the baseline's entries for this package that
// match no site: fixed debt, to remove from the file.
func checkBaseline(pass *analysis.Pass, res *Result) error {
	b, err := loadBaseline()
	if err != nil || b == nil || len(pass.Files) == 0 {
		return err
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
		pass.Reportf(pass.Files[0].Package, "stale baseline entry %q: no such context.TODO() any more: remove it from %s", key, flags.baseline)
	}
	return nil
}
