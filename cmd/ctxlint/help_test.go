package main

import (
	"bytes"
	"flag"
	"os/exec"
	"strings"
	"testing"

	"golang.org/x/tools/go/analysis"

	"github.com/ctxlint/ctxlint/analyzers/ctxprop"
	"github.com/ctxlint/ctxlint/analyzers/todoctx"
)

// TestHelp: "ctxlint help" and "ctxlint -h" say what ctxlint is and list
// its analyzers, modes, flags (its own and every analyzer's) and
// subcommands; "ctxlint help NAME" still prints an analyzer's doc.
func TestHelp(t *testing.T) {
	var buf bytes.Buffer
	help(&buf)
	text := buf.String()
	for _, want := range []string{
		"ctxlint finds the calls that make Kubernetes liveness probes flap",
		"ctxprop  find blocking calls reachable from health-monitored loops without the loop's deadline",
		"todoctx  track context.TODO() as migration debt, with a ratchet",
		"ctxlint [flags] [packages]",
		"go vet -vettool=$(which ctxlint)",
		"go fix -fixtool=$(which ctxlint)",
		"golangci-lint",
		"ctxlint todo [-format text|json|markdown] [-write-baseline FILE] [-background] [packages]",
		"-whole-program",
		"-sarif FILE",
		"-format text|sarif",
		"-json",
		"-fix",
		"-diff",
		`ctxlint help ctxprop`,
		`ctxlint help todoctx`,
		"Exit status",
	} {
		if !strings.Contains(text, want) {
			t.Errorf("help does not contain %q:\n%s", want, text)
		}
	}
	for _, a := range []*analysis.Analyzer{ctxprop.Analyzer, todoctx.Analyzer} {
		a.Flags.VisitAll(func(f *flag.Flag) {
			if name := "-" + a.Name + "." + f.Name; !strings.Contains(text, name) || !strings.Contains(text, f.Usage) {
				t.Errorf("help does not list %s (%s):\n%s", name, f.Usage, text)
			}
		})
	}

	bin := buildCtxlint(t)
	for _, args := range [][]string{{"help"}, {"-h"}, {"-help"}, {"--help"}, {"-whole-program", "-h"}, {"-h", "./..."}} {
		out, err := exec.Command(bin, args...).Output()
		if err != nil {
			t.Errorf("ctxlint %q: %v", args, err)
		}
		if string(out) != text {
			t.Errorf("ctxlint %q printed:\n%s\nwant the help", args, out)
		}
	}
	for _, a := range []*analysis.Analyzer{ctxprop.Analyzer, todoctx.Analyzer} {
		out, err := exec.Command(bin, "help", a.Name).CombinedOutput()
		para, _, _ := strings.Cut(a.Doc, "\n\n")
		if err != nil || !strings.Contains(string(out), para) {
			t.Errorf("ctxlint help %s: %v\n%s", a.Name, err, out)
		}
	}
	if out, err := exec.Command(bin, "-nope", "./...").CombinedOutput(); err == nil || !strings.Contains(string(out), "ctxlint help") {
		t.Errorf("ctxlint -nope: %v\n%s", err, out)
	}
}
