package ctxprop

import (
	"go/importer"
	"go/types"
	"strings"
	"testing"
)

func TestParseFuncList(t *testing.T) {
	got, err := parseFuncList(" net/http.Get, (*example.org/kube.Client).ListPods ,")
	if err != nil || len(got) != 2 || !got["net/http.Get"] || !got["(*example.org/kube.Client).ListPods"] {
		t.Errorf("parseFuncList = %v, %v", got, err)
	}
	if _, err := parseFuncList("Get"); err == nil || err.Error() != `"Get": want importpath.Func or (*importpath.T).M` {
		t.Errorf("a name without a package: %v", err)
	}
}

func TestFuncPkgPath(t *testing.T) {
	for name, want := range map[string]string{
		"net/http.Get":                          "net/http",
		"(*example.org/kube.Client).ListPods":   "example.org/kube",
		"(github.com/a/b.v2/health.T).Register": "github.com/a/b.v2/health",
		"Get":                                   "",
	} {
		if got := funcPkgPath(name); got != want {
			t.Errorf("funcPkgPath(%q) = %q, want %q", name, got, want)
		}
	}
}

// TestFuncListSyntax: malformed names are refused when the flag is set, so
// a run stops once with the reason instead of doing nothing silently (or
// failing every package's analysis).
func TestFuncListSyntax(t *testing.T) {
	for _, bad := range []string{"(*a.b", "a b.c", "(*a.b).", "a.", ".F", "(a).M", "a.b)", "(*a.T).M.x", "a.f(x)"} {
		if _, err := parseFuncList(bad); err == nil {
			t.Errorf("parseFuncList(%q): no error", bad)
		}
	}
	for _, good := range []string{"net.Dial", "(*a.b/c.T).M", "(a.b/c.T).M", "gopkg.in/yaml.v3.Unmarshal", "github.com/a/b/v2.F"} {
		if _, err := parseFuncList(good); err != nil {
			t.Errorf("parseFuncList(%q): %v", good, err)
		}
	}
	for _, name := range []string{"register", "sinks", "nonblocking"} {
		f := Analyzer.Flags.Lookup(name)
		if err := f.Value.Set("(*a.b"); err == nil {
			t.Errorf("-%s=(*a.b: accepted", name)
		}
		if err := f.Value.Set(""); err != nil {
			t.Errorf("-%s=: %v", name, err)
		}
	}
}

func TestUnknownFuncs(t *testing.T) {
	pkgs := map[string]*types.Package{}
	for _, path := range []string{"net/http", "net"} {
		p, err := importer.Default().Import(path)
		if err != nil {
			t.Skip(err)
		}
		pkgs[path] = p
	}
	defer func(old string) { flags.sinks = old }(flags.sinks)
	flags.sinks = "net/http.Get,(*net/http.Client).Do,net/http.Gett,(*net/http.Client).Dont,example.com/none.F,net.Dial"
	got := UnknownFuncs(func(path string) *types.Package { return pkgs[path] })
	want := []string{
		"-ctxprop.sinks: (*net/http.Client).Dont: package net/http has no such function or method",
		"-ctxprop.sinks: example.com/none.F: no package example.com/none among the loaded packages and their dependencies",
		"-ctxprop.sinks: net/http.Gett: package net/http has no such function or method",
	}
	if strings.Join(got, "\n") != strings.Join(want, "\n") {
		t.Errorf("UnknownFuncs:\n%s\nwant:\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
}
