package ctxprop

import (
	"bytes"
	"encoding/gob"
	"reflect"
	"testing"
)

func sampleSummary() Summary {
	file := "/src/example.com/agent/internal/kubelet/client.go"
	return Summary{Reaches: []Reach{
		withPath(Reach{Sink: "(*net/http.Client).Do", Param: 0},
			Hop{Func: "Client.query", File: file, Line: 40, Col: 9},
			Hop{Func: "Client.get", File: file, Line: 71, Col: 12, Dynamic: true},
			Hop{Func: "resolve", File: "/cache/0a1b-d", Line: 17, Col: 12, Source: "/src/example.com/agent/resolve.go:14:12"},
		),
		withPath(Reach{Sink: "(*net/http.Client).Do", Param: -1, Why: "context.Background()", Timeout: "http.Client.Timeout 30s",
			Origin: file + ":88:20", Guard: Guard{Param: 1, Cond: `strings.HasPrefix(_, "http")`, Want: true}},
			Hop{Func: "Client.query", File: file, Line: 88, Col: 3},
			Hop{Func: "Client.get", File: file, Line: 71, Col: 12},
		),
		withPath(Reach{Sink: "net/http.Get", Param: -1, Why: "it takes no context", Via: 1},
			Hop{Func: "Cache.Get", File: file, Line: 27, Col: 12, Dynamic: true},
			Hop{Func: "remote.func1", File: file, Line: 19, Col: 15},
		),
	}, Fields: []FieldCall{{Param: -1, Field: "load", FieldPkg: "example.com/agent/cache",
		Args: []ArgState{{}, {Kind: 1 + uint8(fromParam), Param: 0}, {Kind: 1 + uint8(unbounded), Param: 0, Why: "context.TODO()", Origin: file + ":9:9"}},
		Path: []Hop{{Func: "Cache.Get", File: file, Line: 27, Col: 12, Dynamic: true}}, Open: true, Setters: true}}}
}

func withPath(r Reach, hops ...Hop) Reach {
	r.SetPath(hops)
	return r
}

func gobRoundTrip(t *testing.T, in, out any) int {
	t.Helper()
	var buf bytes.Buffer
	if err := gob.NewEncoder(&buf).Encode(in); err != nil {
		t.Fatal(err)
	}
	n := buf.Len()
	if err := gob.NewDecoder(&buf).Decode(out); err != nil {
		t.Fatal(err)
	}
	return n
}

// Facts survive the trip through gob that go vet makes them take, also
// as the Summary values inside a Dispatch.
func TestFactRoundTrip(t *testing.T) {
	s := sampleSummary()
	var gotS Summary
	gobRoundTrip(t, &s, &gotS)
	if !reflect.DeepEqual(s, gotS) {
		t.Errorf("Summary round trip:\n got %+v\nwant %+v", gotS, s)
	}

	d := Dispatch{
		Values: []FuncValue{{Name: "handle", Signature: "func(context.Context) error", Summary: s}},
		Types: []TypeMethods{{Type: "Client", MethodSet: []string{"Get(string) error"},
			Methods: []MethodSummary{{Name: "Get", Summary: s}}}},
	}
	var gotD Dispatch
	gobRoundTrip(t, &d, &gotD)
	if !reflect.DeepEqual(d, gotD) {
		t.Errorf("Dispatch round trip:\n got %+v\nwant %+v", gotD, d)
	}

	var empty Summary
	gobRoundTrip(t, &Summary{}, &empty)
	if empty.Reaches != nil {
		t.Errorf("empty Summary decoded as %+v", empty)
	}
}

// plainSummary has Summary's fields without its encoder, the path as a
// slice.
type plainSummary struct {
	Reaches []plainReach
	Fields  []FieldCall
}

type plainReach struct {
	Sink                                string
	Param                               int
	Why, Timeout, Origin, Entry, SinkAt string
	Path                                []Hop
	Via                                 int
	Guard                               Guard
}

// Each string is written once: the encoding is much smaller than gob's
// own, which repeats the file of every hop.
func TestFactEncodingSize(t *testing.T) {
	s := sampleSummary()
	codec, err := s.GobEncode()
	if err != nil {
		t.Fatal(err)
	}
	var plain bytes.Buffer
	var p plainSummary
	for _, r := range s.Reaches {
		p.Reaches = append(p.Reaches, plainReach{r.Sink, r.Param, r.Why, r.Timeout, r.Origin, r.Entry, r.SinkAt, r.Path(), r.Via, r.Guard})
	}
	p.Fields = s.Fields
	if err := gob.NewEncoder(&plain).Encode(p); err != nil {
		t.Fatal(err)
	}
	if 2*len(codec) > plain.Len() {
		t.Errorf("encoded summary is %d bytes, gob's own %d: want under half", len(codec), plain.Len())
	}
}

// Corrupt or truncated facts are errors, never panics or huge
// allocations.
func TestFactDecodeCorrupt(t *testing.T) {
	s := sampleSummary()
	good, _ := s.GobEncode()
	cases := map[string][]byte{
		"empty":          nil,
		"version":        append([]byte{99}, good[1:]...),
		"trailing bytes": append(append([]byte(nil), good...), 0),
		"huge count":     {summaryCodecVersion, 0xff, 0xff, 0xff, 0xff, 0x0f},
		"bad string idx": {summaryCodecVersion, 0, 1, 7},
		"no hop":         {summaryCodecVersion, 1, 0, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0},
		// A reach through field call 1 of a summary with none.
		"via":          {summaryCodecVersion, 1, 0, 1, 0, 0, 0, 0, 0, 0, 0, 1, 1, 0, 0, 0, 0, 0, 0, 0},
		"field no hop": {summaryCodecVersion, 1, 0, 0, 1, 1, 0, 0, 0, 0},
	}
	for cut := 1; cut < len(good); cut += 3 {
		cases["truncated"+string(rune('a'+cut%26))] = good[:cut]
	}
	for name, data := range cases {
		var got Summary
		if err := got.GobDecode(data); err == nil {
			t.Errorf("%s: decoded %+v, want an error", name, got)
		}
	}
}

func FuzzFactDecode(f *testing.F) {
	s := sampleSummary()
	good, _ := s.GobEncode()
	f.Add(good)
	f.Add([]byte{summaryCodecVersion})
	f.Fuzz(func(t *testing.T, data []byte) {
		var got Summary
		if got.GobDecode(data) != nil {
			return
		}
		again, err := got.GobEncode()
		if err != nil {
			t.Fatal(err)
		}
		var back Summary
		if err := back.GobDecode(again); err != nil || !reflect.DeepEqual(got, back) {
			t.Fatalf("re-encoding a decoded fact: %v\n%+v\n%+v", err, got, back)
		}
	})
}
