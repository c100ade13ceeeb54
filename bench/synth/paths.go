package synth

import (
	"fmt"
	"path/filepath"
	"strings"
)

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
