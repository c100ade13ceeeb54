package ctxprop

import (
	"bufio"
	"go/ast"
	"go/token"
	"go/types"
	"os"
	"strings"
	"sync"
)

// generatedObj reports whether obj is declared in a generated file, of
// this package or another.
func (a *pkgAnalysis) generatedObj(obj types.Object) bool {
	if obj.Pkg() != a.pass.Pkg {
		return a.generatedPos(obj.Pos())
	}
	for _, f := range a.pass.Files {
		if f.FileStart <= obj.Pos() && obj.Pos() < f.FileEnd {
			return ast.IsGenerated(f)
		}
	}
	return false
}

// generatedPos reports whether pos, in another package, lies in a
// generated file: one whose header has the "Code generated ... DO NOT
// EDIT." line. Export data keeps file names, not comments, so the header
// is read from the file, once per file for the process.
func (a *pkgAnalysis) generatedPos(pos token.Pos) bool {
	if !pos.IsValid() {
		return false
	}
	name := a.pass.Fset.Position(pos).Filename
	if name == "" {
		return false
	}
	if v, ok := generatedFiles.Load(name); ok {
		return v.(bool)
	}
	gen := readGenerated(name)
	generatedFiles.Store(name, gen)
	return gen
}

var generatedFiles sync.Map // file name -> bool

// readGenerated looks for the generated-code line before the package
// clause, as ast.IsGenerated does.
func readGenerated(name string) bool {
	f, err := os.Open(name)
	if err != nil {
		return false
	}
	defer f.Close()
	sc := bufio.NewScanner(f)
	sc.Buffer(make([]byte, 0, 4096), 1<<20)
	for sc.Scan() {
		line := strings.TrimSpace(sc.Text())
		if strings.HasPrefix(line, "package ") {
			return false
		}
		if strings.HasPrefix(line, "// Code generated ") && strings.HasSuffix(line, " DO NOT EDIT.") {
			return true
		}
	}
	return false
}
