package main

import (
	"bufio"
	"bytes"
	"context"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"strings"
	"time"
)

// The migration of this agent, end to end: a copy of examples/agent in a
// module of its own (example.com/agent, using the checkout's runtime/health),
// rewritten by the checkout's ctxlint -fix. migration_test.go checks the
// result; -demo -migrated runs it.

// agentPkg is this example's import path, spelled so that copyAgent's
// rewrite of it leaves this file alone.
const agentPkg = "github.com/ctxlint/ctxlint" + "/examples/agent"

// copyAgent copies repo's examples/agent into dst as the module
// example.com/agent, which uses repo's runtime/health through a replace
// directive.
func copyAgent(repo, dst string) error {
	from := filepath.Join(repo, "examples", "agent")
	err := filepath.WalkDir(from, func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		rel, err := filepath.Rel(from, path)
		if err != nil {
			return err
		}
		if d.IsDir() {
			return os.MkdirAll(filepath.Join(dst, rel), 0o755)
		}
		b, err := os.ReadFile(path)
		if err != nil {
			return err
		}
		if strings.HasSuffix(path, ".go") {
			b = bytes.ReplaceAll(b, []byte(agentPkg), []byte("example.com/agent"))
		}
		return os.WriteFile(filepath.Join(dst, rel), b, 0o644)
	})
	if err != nil {
		return err
	}
	mod := "module example.com/agent\n\ngo 1.26.0\n\nrequire github.com/ctxlint/ctxlint v0.0.0\n\nreplace github.com/ctxlint/ctxlint => " + repo + "\n"
	return os.WriteFile(filepath.Join(dst, "go.mod"), []byte(mod), 0o644)
}

// buildCtxlint builds repo's cmd/ctxlint as bin.
func buildCtxlint(ctx context.Context, repo, bin string) error {
	cmd := exec.CommandContext(ctx, "go", "build", "-o", bin, "./cmd/ctxlint")
	cmd.Dir = repo
	if out, err := cmd.CombinedOutput(); err != nil {
		return fmt.Errorf("building ctxlint: %v\n%s", err, out)
	}
	return nil
}

// exeName adds the executable suffix of the platform.
func exeName(name string) string {
	if runtime.GOOS == "windows" {
		return name + ".exe"
	}
	return name
}

// repoRoot finds the ctxlint checkout: from this file's path (go run
// builds with full source paths), else from the module of the current
// directory.
func repoRoot() (string, error) {
	if _, file, _, ok := runtime.Caller(0); ok && filepath.IsAbs(file) {
		if root := filepath.Join(filepath.Dir(file), "..", ".."); isCtxlintRoot(root) {
			return root, nil
		}
	}
	if out, err := exec.Command("go", "env", "GOMOD").Output(); err == nil {
		if root := filepath.Dir(strings.TrimSpace(string(out))); isCtxlintRoot(root) {
			return root, nil
		}
	}
	return "", errors.New("-migrated needs the ctxlint checkout: run it there, as go run ./examples/agent -demo 6s -migrated")
}

// isCtxlintRoot reports whether dir holds the module github.com/ctxlint/ctxlint.
func isCtxlintRoot(dir string) bool {
	f, err := os.Open(filepath.Join(dir, "go.mod"))
	if err != nil {
		return false
	}
	defer f.Close()
	s := bufio.NewScanner(f)
	for s.Scan() {
		if mod, ok := strings.CutPrefix(strings.TrimSpace(s.Text()), "module "); ok {
			return strings.Trim(strings.TrimSpace(mod), `"`) == "github.com/ctxlint/ctxlint"
		}
	}
	return false
}

// runMigratedDemo migrates a copy of this agent with the checkout's ctxlint
// -fix in a temporary directory, then runs the copy's demo with args (the
// flags given to this one, but -migrated).
func runMigratedDemo(ctx context.Context, args []string) error {
	repo, err := repoRoot()
	if err != nil {
		return err
	}
	tmp, err := os.MkdirTemp("", "ctxlint-agent-demo-")
	if err != nil {
		return err
	}
	defer os.RemoveAll(tmp)
	bin, dir := filepath.Join(tmp, exeName("ctxlint")), filepath.Join(tmp, "agent")
	fmt.Printf("migrating a copy of %s in %s\n", filepath.Join(repo, "examples", "agent"), dir)
	if err := buildCtxlint(ctx, repo, bin); err != nil {
		return err
	}
	if err := copyAgent(repo, dir); err != nil {
		return err
	}
	fmt.Println("$ ctxlint -fix ./...")
	fix := exec.CommandContext(ctx, bin, "-fix", "./...")
	fix.Dir, fix.Stdout, fix.Stderr = dir, os.Stdout, os.Stdout
	var exit *exec.ExitError
	if err := fix.Run(); !errors.As(err, &exit) || exit.ExitCode() != 3 {
		return fmt.Errorf("ctxlint -fix: %v, want exit status 3 (rewritten)", err)
	}
	fmt.Printf("$ go run . %s   # the migrated agent\n", strings.Join(args, " "))
	run := exec.CommandContext(ctx, "go", append([]string{"run", "."}, args...)...)
	run.Dir, run.Stdout, run.Stderr = dir, os.Stdout, os.Stderr
	// On ^C the terminal interrupts the agent too; give it time to stop.
	run.Cancel = func() error { return run.Process.Signal(os.Interrupt) }
	run.WaitDelay = 10 * time.Second
	return run.Run()
}
