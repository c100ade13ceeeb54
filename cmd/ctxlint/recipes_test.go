package main

import (
	"bufio"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// runLines returns the "run:" commands of a workflow file, except the
// install step (the test puts its own build on PATH).
func runLines(t *testing.T, path string) []string {
	f, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	var out []string
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		line := strings.TrimSpace(sc.Text())
		if cmd, ok := strings.CutPrefix(line, "run: "); ok && !strings.HasPrefix(cmd, "go install") {
			out = append(out, cmd)
		}
	}
	return out
}

// TestGitHubActionsRecipe runs the documented workflow's commands on a
// module with a finding: SARIF is written, the inventory is summarised,
// and the gate fails. On a module that does not build, the SARIF step
// fails and leaves no SARIF file of an earlier run behind.
func TestGitHubActionsRecipe(t *testing.T) {
	bin := buildCtxlint(t)
	dir := vetModule(t)
	summary := filepath.Join(t.TempDir(), "summary.md")
	cmds := runLines(t, "../../docs/github-actions.yml")
	if len(cmds) != 3 {
		t.Fatalf("workflow has %d run steps besides the install, want 3: %q", len(cmds), cmds)
	}
	// As GitHub Actions runs a step: bash -e -o pipefail.
	run := func(c string) (int, []byte) {
		cmd := exec.Command("bash", "--noprofile", "--norc", "-eo", "pipefail", "-c", c)
		cmd.Dir = dir
		cmd.Env = append(os.Environ(), "PATH="+filepath.Dir(bin)+":"+os.Getenv("PATH"), "GITHUB_STEP_SUMMARY="+summary)
		out, err := cmd.CombinedOutput()
		code := 0
		if ee, ok := err.(*exec.ExitError); ok {
			code = ee.ExitCode()
		}
		return code, out
	}
	const stale = `{"stale": true}`
	writeFile(t, filepath.Join(dir, "ctxlint.sarif"), []byte(stale))
	wantCode := []int{0, 0, 1} // the gate fails on findings
	for i, c := range cmds {
		if code, out := run(c); code != wantCode[i] {
			t.Errorf("%q: exit %d, want %d\n%s", c, code, wantCode[i], out)
		}
	}
	if sarif, err := os.ReadFile(filepath.Join(dir, "ctxlint.sarif")); err != nil || !strings.Contains(string(sarif), `"ruleId": "ctxprop"`) {
		t.Errorf("no SARIF with the ctxprop finding: %v", err)
	}
	if md, err := os.ReadFile(summary); err != nil || !strings.Contains(string(md), "## context.TODO() inventory") {
		t.Errorf("no inventory in the step summary: %v", err)
	}

	// A failed run fails the step, and leaves no stale SARIF to upload.
	writeFile(t, filepath.Join(dir, "ctxlint.sarif"), []byte(stale))
	writeFile(t, filepath.Join(dir, "agent", "broken.go"), []byte("package agent\n\nfunc {\n"))
	if code, out := run(cmds[0]); code == 0 || code == 3 {
		t.Errorf("%q on a module that does not build: exit %d, want a failure\n%s", cmds[0], code, out)
	}
	if _, err := os.Stat(filepath.Join(dir, "ctxlint.sarif")); err == nil {
		t.Errorf("%q left the SARIF file of an earlier run", cmds[0])
	}
}

// TestPreCommitHook runs the hook's entry and args as pre-commit does,
// from the root of a module with a finding.
func TestPreCommitHook(t *testing.T) {
	bin := buildCtxlint(t)
	dir := vetModule(t)
	raw, err := os.ReadFile("../../.pre-commit-hooks.yaml")
	if err != nil {
		t.Fatal(err)
	}
	var entry string
	var args []string
	for line := range strings.SplitSeq(string(raw), "\n") {
		line = strings.TrimSpace(line)
		if v, ok := strings.CutPrefix(line, "entry: "); ok {
			entry = v
		}
		if v, ok := strings.CutPrefix(line, "args: "); ok {
			for _, a := range strings.Split(strings.Trim(v, "[]"), ",") {
				args = append(args, strings.Trim(strings.TrimSpace(a), `"`))
			}
		}
	}
	if entry != "ctxlint" || len(args) != 1 || args[0] != "./..." {
		t.Fatalf("hook entry %q args %q", entry, args)
	}
	cmd := exec.Command(filepath.Join(filepath.Dir(bin), entry), args...)
	cmd.Dir = dir
	out, err := cmd.CombinedOutput()
	if ee, ok := err.(*exec.ExitError); !ok || ee.ExitCode() != 3 || !strings.Contains(string(out), `"poller" (liveness)`) {
		t.Errorf("hook: %v\n%s", err, out)
	}
}
