package main

import (
	"encoding/json"
	"fmt"
	"io"
	"net/url"
	"os"
	"path/filepath"
	"strconv"
	"strings"

	"golang.org/x/tools/go/analysis"

	"github.com/ctxlint/ctxlint/analyzers/ctxprop"
	"github.com/ctxlint/ctxlint/analyzers/todoctx"
)

// The subset of SARIF 2.1.0 that code-scanning dashboards read.
type sarifLog struct {
	Version string     `json:"version"`
	Schema  string     `json:"$schema"`
	Runs    []sarifRun `json:"runs"`
}

type sarifRun struct {
	Tool    sarifTool     `json:"tool"`
	Results []sarifResult `json:"results"`
}

type sarifTool struct {
	Driver sarifDriver `json:"driver"`
}

type sarifDriver struct {
	Name           string      `json:"name"`
	InformationURI string      `json:"informationUri"`
	Rules          []sarifRule `json:"rules"`
}

type sarifRule struct {
	ID               string       `json:"id"`
	ShortDescription sarifMessage `json:"shortDescription"`
	FullDescription  sarifMessage `json:"fullDescription"`
	HelpURI          string       `json:"helpUri"`
}

type sarifMessage struct {
	Text string `json:"text"`
}

type sarifResult struct {
	RuleID           string          `json:"ruleId"`
	Level            string          `json:"level"`
	Message          sarifMessage    `json:"message"`
	Locations        []sarifLocation `json:"locations"`
	RelatedLocations []sarifLocation `json:"relatedLocations,omitempty"`
	CodeFlows        []sarifCodeFlow `json:"codeFlows,omitempty"`
}

type sarifLocation struct {
	ID               *int                  `json:"id,omitempty"`
	PhysicalLocation sarifPhysicalLocation `json:"physicalLocation"`
	Message          *sarifMessage         `json:"message,omitempty"`
}

type sarifPhysicalLocation struct {
	ArtifactLocation sarifArtifact `json:"artifactLocation"`
	Region           sarifRegion   `json:"region"`
}

type sarifArtifact struct {
	URI       string `json:"uri"`
	URIBaseID string `json:"uriBaseId,omitempty"`
}

type sarifRegion struct {
	StartLine   int `json:"startLine"`
	StartColumn int `json:"startColumn,omitempty"`
}

type sarifCodeFlow struct {
	ThreadFlows []sarifThreadFlow `json:"threadFlows"`
}

type sarifThreadFlow struct {
	Locations []sarifThreadFlowLocation `json:"locations"`
}

type sarifThreadFlowLocation struct {
	Location sarifLocation `json:"location"`
}

// writeSARIF writes the findings as one SARIF run. A ctxprop finding
// carries its whole chain, in every package, as related locations and as a
// code flow, so a dashboard shows the path from the loop to the call.
func writeSARIF(w io.Writer, findings []finding) error {
	run := sarifRun{Tool: sarifTool{Driver: sarifDriver{
		Name:           "ctxlint",
		InformationURI: "https://github.com/ctxlint/ctxlint",
	}}, Results: []sarifResult{}}
	for _, a := range []*analysis.Analyzer{ctxprop.Analyzer, todoctx.Analyzer} {
		short, _, _ := strings.Cut(a.Doc, "\n")
		run.Tool.Driver.Rules = append(run.Tool.Driver.Rules, sarifRule{
			ID: a.Name, ShortDescription: sarifMessage{short}, FullDescription: sarifMessage{a.Doc}, HelpURI: a.URL,
		})
	}
	for _, f := range findings {
		file, line, col := splitPosn(f.posn)
		res := sarifResult{
			RuleID: f.analyzer, Level: "warning", Message: sarifMessage{f.message},
			Locations: []sarifLocation{location(file, line, col, "")},
		}
		if len(f.chain) > 0 {
			var flow sarifThreadFlow
			for i, h := range f.chain {
				file, line, col := h.File, h.Line, h.Col
				if h.Source != "" { // the user's file, not cgo's output
					file, line, col = splitPosn(h.Source)
				}
				loc := location(file, line, col, h.Func)
				id := i + 1
				loc.ID = &id
				res.RelatedLocations = append(res.RelatedLocations, loc)
				flow.Locations = append(flow.Locations, sarifThreadFlowLocation{location(file, line, col, h.Func)})
			}
			res.CodeFlows = []sarifCodeFlow{{ThreadFlows: []sarifThreadFlow{flow}}}
		}
		run.Results = append(run.Results, res)
	}
	enc := json.NewEncoder(w)
	enc.SetIndent("", "  ")
	return enc.Encode(sarifLog{Version: "2.1.0", Schema: "https://json.schemastore.org/sarif-2.1.0.json", Runs: []sarifRun{run}})
}

// location makes a SARIF location; files under the working directory are
// relative to %SRCROOT%, others absolute file URIs.
func location(file string, line, col int, msg string) sarifLocation {
	art := sarifArtifact{URI: (&url.URL{Scheme: "file", Path: filepath.ToSlash(file)}).String()}
	if wd, err := os.Getwd(); err == nil {
		if rel, err := filepath.Rel(wd, file); err == nil && !strings.HasPrefix(rel, "..") {
			art = sarifArtifact{URI: filepath.ToSlash(rel), URIBaseID: "%SRCROOT%"}
		}
	}
	loc := sarifLocation{PhysicalLocation: sarifPhysicalLocation{ArtifactLocation: art, Region: sarifRegion{line, col}}}
	if msg != "" {
		loc.Message = &sarifMessage{msg}
	}
	return loc
}

// splitPosn splits file:line:col.
func splitPosn(posn string) (file string, line, col int) {
	i := strings.LastIndex(posn, ":")
	j := strings.LastIndex(posn[:max(i, 0)], ":")
	if i < 0 || j < 0 {
		return posn, 0, 0
	}
	line, _ = strconv.Atoi(posn[j+1 : i])
	col, _ = strconv.Atoi(posn[i+1:])
	return posn[:j], line, col
}

// checkSARIFFile refuses a -sarif value that is no file name: empty, a
// package pattern ("-sarif ./..." took the packages for the file), or a
// directory.
func checkSARIFFile(path string, set bool) error {
	switch {
	case !set:
		return nil
	case path == "":
		return fmt.Errorf("-sarif: want a file name (-sarif FILE packages)")
	case strings.HasPrefix(path, ".") && strings.HasSuffix(path, "..."):
		return fmt.Errorf("-sarif %s: want a file name, not packages (-sarif FILE packages)", path)
	}
	if fi, err := os.Stat(path); err == nil && fi.IsDir() {
		return fmt.Errorf("-sarif %s: is a directory, want a file name (-sarif FILE packages)", path)
	}
	return nil
}

func writeSARIFFile(path string, findings []finding) error {
	f, err := os.Create(path)
	if err != nil {
		return err
	}
	if err := writeSARIF(f, findings); err != nil {
		f.Close()
		return err
	}
	return f.Close()
}
