package ctxprop

import (
	"go/ast"
	"go/token"
	"strings"

	"golang.org/x/tools/go/analysis"
)

// directive is one //ctxlint: or //nolint: comment.
type directive struct {
	pos       token.Pos
	kind      string   // ignore, nolint, detached, monitored
	analyzers []string // ignore, nolint
	reason    string
	used      bool
}

// directives indexes the package's directives by file and line.
type directives struct {
	fset   *token.FileSet
	byLine map[string]map[int][]*directive
	all    []*directive
}

func parseDirectives(pass *analysis.Pass) *directives {
	d := &directives{fset: pass.Fset, byLine: make(map[string]map[int][]*directive)}
	for _, f := range pass.Files {
		for _, cg := range f.Comments {
			for _, c := range cg.List {
				dir := parseDirective(c)
				if dir == nil {
					continue
				}
				p := pass.Fset.Position(c.Pos())
				if d.byLine[p.Filename] == nil {
					d.byLine[p.Filename] = make(map[int][]*directive)
				}
				d.byLine[p.Filename][p.Line] = append(d.byLine[p.Filename][p.Line], dir)
				d.all = append(d.all, dir)
			}
		}
	}
	return d
}

func parseDirective(c *ast.Comment) *directive {
	text, ok := strings.CutPrefix(c.Text, "//")
	if !ok {
		return nil
	}
	if rest, ok := strings.CutPrefix(text, "nolint:"); ok {
		names, _, _ := strings.Cut(rest, " ")
		return &directive{pos: c.Pos(), kind: "nolint", analyzers: strings.Split(names, ",")}
	}
	rest, ok := strings.CutPrefix(text, "ctxlint:")
	if !ok {
		return nil
	}
	kind, args, _ := strings.Cut(rest, " ")
	// A trailing comment ends the directive: //ctxlint:ignore ctxprop // note
	if i := strings.Index(args, "//"); i >= 0 {
		args = args[:i]
	}
	args = strings.TrimSpace(args)
	dir := &directive{pos: c.Pos(), kind: kind}
	switch kind {
	case "ignore":
		names, reason, _ := strings.Cut(args, " ")
		dir.analyzers = strings.Split(names, ",")
		dir.reason = strings.TrimSpace(reason)
	case "detached", "monitored":
		dir.reason = args
	default:
		return nil
	}
	return dir
}

func (d *directive) names(analyzer string) bool {
	for _, a := range d.analyzers {
		if a == analyzer || a == "all" {
			return true
		}
	}
	return false
}

// suppressing returns the directive that suppresses analyzer's report at
// pos: an ignore or nolint on its line or the line above.
func (d *directives) suppressing(pos token.Pos, analyzer string) *directive {
	p := d.fset.Position(pos)
	for _, line := range []int{p.Line, p.Line - 1} {
		for _, dir := range d.byLine[p.Filename][line] {
			if (dir.kind == "ignore" || dir.kind == "nolint") && dir.names(analyzer) {
				return dir
			}
		}
	}
	return nil
}

// onDecl returns the directive of the given kind in a declaration's doc
// comment.
func (d *directives) onDecl(decl *ast.FuncDecl, kind string) *directive {
	if decl == nil || decl.Doc == nil {
		return nil
	}
	for _, c := range decl.Doc.List {
		p := d.fset.Position(c.Pos())
		for _, dir := range d.byLine[p.Filename][p.Line] {
			if dir.kind == kind {
				return dir
			}
		}
	}
	return nil
}

func (d *directives) detached(decl *ast.FuncDecl) bool  { return d.onDecl(decl, "detached") != nil }
func (d *directives) monitored(decl *ast.FuncDecl) bool { return d.onDecl(decl, "monitored") != nil }

// Suppresses reports whether comment c, on a call's line or the line
// above, suppresses ctxprop's reports through that call: an ignore with a
// reason, or a nolint, naming ctxprop or all. The rewriter leaves such
// calls as they are.
func Suppresses(c *ast.Comment) bool {
	dir := parseDirective(c)
	return dir != nil && (dir.kind == "nolint" || dir.kind == "ignore" && dir.reason != "") && dir.names(analyzerName)
}
