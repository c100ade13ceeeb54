package excluded

import (
	"strings"
	"testing"

	"github.com/ctxlint/ctxlint/rewrite/internal/change"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestEditExcluded: the byte edits of a file the build excludes. Each
// source marks with @ the left parenthesis of a call to edit, with # the
// opening one of a declaration's parameters, and with % that of a
// declaration whose parameters have no names.
func TestEditExcluded(t *testing.T) {
	for _, c := range []struct{ name, file, src, want string }{{
		name: "first import, TODO outside any context",
		src:  "package p\n\n// w warms.\nfunc w() { f@(1) }\n",
		want: "package p\n\nimport \"context\"\n\n// w warms.\nfunc w() { f(context.TODO(), 1) }\n",
	}, {
		name: "import block, sorted; main gets Background",
		src:  "package main\n\nimport (\n\t\"fmt\"\n\t\"net\"\n)\n\nfunc main() { fmt.Println(net.IPv4len); f@() }\n",
		want: "package main\n\nimport (\n\t\"context\"\n\t\"fmt\"\n\t\"net\"\n)\n\nfunc main() { fmt.Println(net.IPv4len); f(context.Background()) }\n",
	}, {
		name: "single import",
		src:  "package p\n\nimport \"net\"\n\nvar _ = net.IPv4len\n\nfunc w() { f@(2) }\n",
		want: "package p\n\nimport (\n\t\"context\"\n\t\"net\"\n)\n\nvar _ = net.IPv4len\n\nfunc w() { f(context.TODO(), 2) }\n",
	}, {
		name: "a group of its own before other modules' imports",
		src:  "package p\n\nimport (\n\t\"example.com/a\"\n)\n\nfunc w() { a.F@() }\n",
		want: "package p\n\nimport (\n\t\"context\"\n\n\t\"example.com/a\"\n)\n\nfunc w() { a.F(context.TODO()) }\n",
	}, {
		name: "the context parameter around, through a literal; an aliased import",
		src:  "package p\n\nimport stdctx \"context\"\n\nfunc w(c stdctx.Context) { go func() { f@(3) }() }\n",
		want: "package p\n\nimport stdctx \"context\"\n\nfunc w(c stdctx.Context) { go func() { f(c, 3) }() }\n",
	}, {
		name: "a declaration gains ctx, and its calls pass it",
		src:  "package p\n\n// lookup on this platform.\nfunc lookup#(name string) error { return g@(name) }\n",
		want: "package p\n\nimport \"context\"\n\n// lookup on this platform.\nfunc lookup(ctx context.Context, name string) error { return g(ctx, name) }\n",
	}, {
		name: "unnamed parameters stay unnamed",
		src:  "package p\n\nimport \"context\"\n\nfunc lookup%(string) error { return nil }\n",
		want: "package p\n\nimport \"context\"\n\nfunc lookup(context.Context, string) error { return nil }\n",
	}, {
		name: "a test passes its own context, and needs no import",
		file: "p_test.go",
		src:  "package p\n\nimport \"testing\"\n\nfunc TestF(t *testing.T) { f@(1) }\n",
		want: "package p\n\nimport \"testing\"\n\nfunc TestF(t *testing.T) { f(t.Context(), 1) }\n",
	}, {
		name: "a file not gofmt-clean is not reformatted",
		src:  "package p\nimport \"context\"\nfunc w(ctx context.Context)   { f@() }\n",
		want: "package p\nimport \"context\"\nfunc w(ctx context.Context)   { f(ctx) }\n",
	}} {
		t.Run(c.name, func(t *testing.T) {
			var edits []change.ExcludedEdit
			src := c.src
			for {
				i := strings.IndexAny(src, "@#%")
				if i < 0 {
					break
				}
				mark := src[i]
				src = src[:i] + src[i+1:]
				edits = append(edits, change.ExcludedEdit{Offset: i, Decl: mark != '@', Args: src[i+1] != ')', Unnamed: mark == '%'})
			}
			file := c.file
			if file == "" {
				file = "p.go"
			}
			out, err := editExcluded(file, []byte(src), edits)
			require.NoError(t, err)
			assert.Equal(t, c.want, string(out))
		})
	}
}
