package main

import (
	"encoding/json"
	"io"
)

// jsonDiagnostic is one finding in the shape x/tools' drivers print with
// -json (package ID → analyzer → diagnostics), so that tools reading the
// plain mode's output read the whole-program mode's too.
type jsonDiagnostic struct {
	Posn    string        `json:"posn"`
	End     string        `json:"end"`
	Message string        `json:"message"`
	Related []jsonRelated `json:"related,omitempty"`
}

type jsonRelated struct {
	Posn    string `json:"posn"`
	Message string `json:"message"`
}

// writeJSON prints the findings as x/tools' JSON tree.
func writeJSON(w io.Writer, findings []finding) error {
	tree := make(map[string]map[string][]jsonDiagnostic)
	for _, f := range findings {
		byAnalyzer := tree[f.pkg]
		if byAnalyzer == nil {
			byAnalyzer = make(map[string][]jsonDiagnostic)
			tree[f.pkg] = byAnalyzer
		}
		d := jsonDiagnostic{Posn: f.posn, End: f.end, Message: f.message}
		for _, r := range f.related {
			d.Related = append(d.Related, jsonRelated{r.posn, r.message})
		}
		byAnalyzer[f.analyzer] = append(byAnalyzer[f.analyzer], d)
	}
	enc := json.NewEncoder(w)
	enc.SetIndent("", "\t")
	return enc.Encode(tree)
}
