package ctxprop

import "testing"

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
