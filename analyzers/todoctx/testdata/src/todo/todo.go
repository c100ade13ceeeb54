// Package todo shows each category of context.TODO().
package todo

import (
	"context"
	"net"
	"net/http"

	"github.com/ctxlint/ctxlint/runtime/health"
)

var dialer net.Dialer

// 1. in-scope: a parameter, a local, or r.Context() is right there.
func withParam(ctx context.Context) {
	// want +1 `context.TODO\(\) in withParam \(in-scope\): a context is in scope: use ctx$`
	dialer.DialContext(context.TODO(), "tcp", "db:5432")
}

func handler(w http.ResponseWriter, r *http.Request) {
	// want +1 `context.TODO\(\) in handler \(in-scope\): a context is in scope: use r.Context\(\)`
	dialer.DialContext(context.TODO(), "tcp", "db:5432")
}

// Command stands for a CLI command with a Context method (cobra).
type Command struct{}

func (c *Command) Context() context.Context { return context.Background() }

func runCmd(cmd *Command) {
	// want +1 `context.TODO\(\) in runCmd \(in-scope\): a context is in scope: use cmd.Context\(\)`
	dialer.DialContext(context.TODO(), "tcp", "db:5432")
}

// 2. hoist: no context here; the callers have one, or not yet.
func lookup(name string) { // called with a context in scope
	// want +1 `context.TODO\(\) in lookup \(hoist\): no context in scope, and every caller has one: add a ctx parameter and pass it`
	dialer.DialContext(context.TODO(), "tcp", name)
}

func resolve(ctx context.Context) { lookup("db") }

func refresh() { // its caller has none yet
	// want +1 `context.TODO\(\) in refresh \(hoist\): no context in scope: add a ctx parameter; callers without one yet: tick`
	dialer.DialContext(context.TODO(), "tcp", "cache:6379")
}

func tick() { refresh() }

// Exported functions may have callers elsewhere.
func Sync() {
	// want +1 `context.TODO\(\) in Sync \(hoist\): no context in scope: add a ctx parameter \(exported: callers in other packages are not checked here\)`
	dialer.DialContext(context.TODO(), "tcp", "x")
}

// The reason on the same line is kept.
func checks() {
	// want +1 `context.TODO\(\) in checks \(hoist\): .* \(reason: no deadline in checks\)$`
	dialer.DialContext(context.TODO(), "tcp", "x") // no deadline in checks
}

// A reason is the comment as written, a URL's // included.
func tracked() {
	// want +1 `context.TODO\(\) in tracked \(hoist\): .* \(reason: see https://github.com/ctxlint/ctxlint/issues/1\)$`
	dialer.DialContext(context.TODO(), "tcp", "x") // see https://github.com/ctxlint/ctxlint/issues/1
}

// 3. root: init, an interface's method, a function used as a value, a callback.
func init() {
	// want +1 `context.TODO\(\) in init \(root\): root: init runs before any deadline exists`
	dialer.DialContext(context.TODO(), "tcp", "x")
}

type fetcher struct{}

func (fetcher) String() string {
	// want +1 `context.TODO\(\) in fetcher.String \(root\): root: fetcher.String implements fmt.Stringer.String, whose signature is fixed`
	_, _ = dialer.DialContext(context.TODO(), "tcp", "x")
	return ""
}

var hooks = map[string]func(){"flush": flush}

func flush() {
	// want +1 `context.TODO\(\) in flush \(root\): root: flush is used as a value, so its signature is fixed`
	dialer.DialContext(context.TODO(), "tcp", "x")
}

func register(f func()) {}

func callbacks() {
	register(func() {
		// want +1 `context.TODO\(\) in callbacks.func1 \(root\): root: a function literal, whose signature its use fixes`
		dialer.DialContext(context.TODO(), "tcp", "x")
	})
	func() {
		// want +1 `context.TODO\(\) in callbacks.func2 \(hoist\)`
		dialer.DialContext(context.TODO(), "tcp", "x")
	}()
}

// 4. monitored: ctxprop found the TODO on a stuck path.
func poll(h *health.Handle) {
	for range h.C {
		// want +1 `context.TODO\(\) in poll is on the stuck path of component of h \(health\) to \(\*net.Dialer\).DialContext: highest priority; no context in scope`
		dialer.DialContext(context.TODO(), "tcp", "kubelet:10250")
	}
}
