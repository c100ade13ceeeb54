// Package analyzerdoc extracts an analyzer's documentation from the package
// doc comment of its doc.go, so that go doc, "ctxlint help" and editors show
// one text.
package analyzerdoc

import (
	"fmt"
	"go/parser"
	"go/token"
	"strings"
)

// Extract returns the section of doc.go's package comment that starts with
// the heading "# Analyzer NAME" and a line "NAME: summary", up to the next
// "# Analyzer" heading, without the "NAME: " prefix: the form
// analysis.Analyzer.Doc expects. Other headings stay in the section: an
// analyzer's documentation may have parts of its own.
func Extract(docGo, name string) (string, error) {
	f, err := parser.ParseFile(token.NewFileSet(), "doc.go", docGo, parser.ParseComments|parser.PackageClauseOnly)
	if err != nil {
		return "", err
	}
	if f.Doc == nil {
		return "", fmt.Errorf("doc.go has no package doc comment")
	}
	text := f.Doc.Text()
	heading := "# Analyzer " + name + "\n"
	i := strings.Index(text, heading)
	if i < 0 {
		return "", fmt.Errorf("doc.go has no %q heading", strings.TrimSpace(heading))
	}
	section := strings.TrimSpace(text[i+len(heading):])
	if j := strings.Index(section, "\n# Analyzer "); j >= 0 {
		section = strings.TrimSpace(section[:j])
	}
	rest, ok := strings.CutPrefix(section, name+": ")
	if !ok {
		return "", fmt.Errorf("the %q section does not start with %q", name, name+": ")
	}
	return rest, nil
}

// MustExtract is Extract for package initialisation.
func MustExtract(docGo, name string) string {
	s, err := Extract(docGo, name)
	if err != nil {
		panic(err)
	}
	return s
}
