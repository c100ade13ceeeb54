package todoctx_test

import (
	"go/ast"
	"go/importer"
	"go/parser"
	"go/token"
	"go/types"
	"os"
	"path/filepath"
	"testing"

	"golang.org/x/tools/go/analysis/analysistest"

	"github.com/ctxlint/ctxlint/analyzers/todoctx"
)

func TestAnalyzer(t *testing.T) {
	analysistest.Run(t, analysistest.TestData(), todoctx.Analyzer, "todo", "todomain")
}

// TestSuggestedFixes applies the fixes of categories 1 and 2 and checks
// the result against the golden file, which must also type-check.
func TestSuggestedFixes(t *testing.T) {
	analysistest.RunWithSuggestedFixes(t, analysistest.TestData(), todoctx.Analyzer, "todofix")
	golden := filepath.Join(analysistest.TestData(), "src", "todofix", "fix.go.golden")
	src, err := os.ReadFile(golden)
	if err != nil {
		t.Fatal(err)
	}
	fset := token.NewFileSet()
	f, err := parser.ParseFile(fset, "fix.go", src, 0)
	if err != nil {
		t.Fatal(err)
	}
	conf := types.Config{Importer: importer.ForCompiler(fset, "source", nil)}
	if _, err := conf.Check("todofix", fset, []*ast.File{f}, nil); err != nil {
		t.Errorf("the fixed code does not type-check: %v", err)
	}
}

func TestBackground(t *testing.T) {
	f := todoctx.Analyzer.Flags.Lookup("background")
	f.Value.Set("true")
	defer f.Value.Set("false")
	analysistest.Run(t, analysistest.TestData(), todoctx.Analyzer, "background")
}
