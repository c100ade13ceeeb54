package main

import (
	"errors"
	"fmt"
	"go/ast"
	"go/parser"
	"go/token"
	"go/types"
	"os"
	"os/exec"
	"strings"

	"github.com/ctxlint/ctxlint/analyzers/ctxprop"
	"github.com/ctxlint/ctxlint/rewrite"
	"golang.org/x/tools/go/packages"
)

// loadPackages loads the packages the patterns match, with their tests and
// all syntax, for the analyzers. It fails on errors in the packages and,
// as the plain mode does, when the patterns match no packages. The build
// tags are those of -tags (buildTags), and GOFLAGS's.
func loadPackages(patterns []string) ([]*packages.Package, error) {
	// rewrite's mode for the analysis too: a path through a cgo file is
	// then reported, and fixed, in the file its author edits.
	cfg := &packages.Config{Mode: rewrite.LoadMode, Tests: true, BuildFlags: buildFlags(), ParseFile: parseFile}
	pkgs, err := packages.Load(cfg, patterns...)
	if err != nil {
		if msg := moduleError(patterns, err.Error()); msg != "" {
			return nil, errors.New(msg)
		}
		return nil, err
	}
	if len(pkgs) == 0 {
		return nil, fmt.Errorf("%s matched no packages", strings.Join(patterns, " "))
	}
	if n := packages.PrintErrors(pkgs); n > 0 {
		var msg string
		packages.Visit(pkgs, nil, func(p *packages.Package) {
			for _, e := range p.Errors {
				if msg == "" {
					msg = moduleError(patterns, e.Msg)
				}
			}
		})
		if msg != "" {
			return nil, errors.New(msg)
		}
		return nil, fmt.Errorf("%d errors loading packages", n)
	}
	// A misspelt -ctxprop.sinks name would silently do nothing.
	byPath := make(map[string]*types.Package)
	packages.Visit(pkgs, nil, func(p *packages.Package) {
		if p.Types != nil {
			byPath[p.PkgPath] = p.Types
		}
	})
	for _, msg := range ctxprop.UnknownFuncs(func(path string) *types.Package { return byPath[path] }) {
		fmt.Fprintln(os.Stderr, "ctxlint: warning:", msg)
	}
	return pkgs, nil
}

// moduleError says in plain words what a load error about modules means,
// as go list words it, or returns "".
func moduleError(patterns []string, msg string) string {
	pats := strings.Join(patterns, " ")
	switch {
	case strings.Contains(msg, "go.mod file not found"), strings.Contains(msg, "cannot find main module"):
		return fmt.Sprintf("%s: the current directory is not in a Go module (no go.mod here or above): run ctxlint from the module's directory, or create one with go mod init", pats)
	case strings.Contains(msg, "does not contain main module"), strings.Contains(msg, "outside main module"), strings.Contains(msg, "does not contain package"):
		out, err := exec.Command("go", "env", "GOMOD").Output()
		if gomod := strings.TrimSpace(string(out)); err == nil && (gomod == "" || gomod == os.DevNull) {
			return fmt.Sprintf("%s: the current directory is not in a Go module (no go.mod here or above): run ctxlint from the module's directory, or create one with go mod init", pats)
		}
		return fmt.Sprintf("%s: not in the current directory's module: run ctxlint from the directory of the module they belong to", pats)
	}
	return ""
}

// parseFile parses as go/packages does, without the syntactic object
// resolution (ast.Ident.Obj, ast.File.Scope) that nothing here reads: the
// type checker resolves names, and dst, which decorates an object's whole
// declaration wherever one of its identifiers is decorated, then
// decorates only what ctxlint -fix edits.
func parseFile(fset *token.FileSet, filename string, src []byte) (*ast.File, error) {
	return parser.ParseFile(fset, filename, src, parser.AllErrors|parser.ParseComments|parser.SkipObjectResolution)
}
