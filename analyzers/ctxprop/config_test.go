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
