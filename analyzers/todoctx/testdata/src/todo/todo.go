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
	dialer.DialContext(context.TODO(), "tcp", "db:5432") // want `context.TODO\(\) in withParam \(in-scope\): a context is in scope: use ctx`
}

func handler(w http.ResponseWriter, r *http.Request) {
	dialer.DialContext(context.TODO(), "tcp", "db:5432") // want `context.TODO\(\) in handler \(in-scope\): a context is in scope: use r.Context\(\)`
}

// Command stands for a CLI command with a Context method (cobra).
type Command struct{}

func (c *Command) Context() context.Context { return context.Background() }

func runCmd(cmd *Command) {
	dialer.DialContext(context.TODO(), "tcp", "db:5432") // want `context.TODO\(\) in runCmd \(in-scope\): a context is in scope: use cmd.Context\(\)`
}

// 2. hoist: no context here; the callers have one, or not yet.
func lookup(name string) { // called with a context in scope
	dialer.DialContext(context.TODO(), "tcp", name) // want `context.TODO\(\) in lookup \(hoist\): no context in scope, and every caller has one: add a ctx parameter and pass it`
}

func resolve(ctx context.Context) { lookup("db") }

func refresh() { // its caller has none yet
	dialer.DialContext(context.TODO(), "tcp", "cache:6379") // want `context.TODO\(\) in refresh \(hoist\): no context in scope: add a ctx parameter; callers without one yet: tick`
}

func tick() { refresh() }

// Exported functions may have callers elsewhere.
func Sync() {
	dialer.DialContext(context.TODO(), "tcp", "x") // want `context.TODO\(\) in Sync \(hoist\): no context in scope: add a ctx parameter \(exported: callers in other packages are not checked here\)`
}

// The reason on the same line is kept.
func checks() {
	dialer.DialContext(context.TODO(), "tcp", "x") // no deadline in checks // want `context.TODO\(\) in checks \(hoist\): .* \(reason: no deadline in checks\)`
}

// 3. root: init, an interface's method, a function used as a value, a callback.
func init() {
	dialer.DialContext(context.TODO(), "tcp", "x") // want `context.TODO\(\) in init \(root\): root: init runs before any deadline exists`
}

type fetcher struct{}

func (fetcher) String() string {
	_, _ = dialer.DialContext(context.TODO(), "tcp", "x") // want `context.TODO\(\) in fetcher.String \(root\): root: fetcher.String implements fmt.Stringer.String, whose signature is fixed`
	return ""
}

var hooks = map[string]func(){"flush": flush}

func flush() {
	dialer.DialContext(context.TODO(), "tcp", "x") // want `context.TODO\(\) in flush \(root\): root: flush is used as a value, so its signature is fixed`
}

func register(f func()) {}

func callbacks() {
	register(func() {
		dialer.DialContext(context.TODO(), "tcp", "x") // want `context.TODO\(\) in callbacks.func1 \(root\): root: a function literal, whose signature its use fixes`
	})
	func() {
		dialer.DialContext(context.TODO(), "tcp", "x") // want `context.TODO\(\) in callbacks.func2 \(hoist\)`
	}()
}

// 4. monitored: ctxprop found the TODO on a stuck path.
func poll(h *health.Handle) {
	for range h.C {
		dialer.DialContext(context.TODO(), "tcp", "kubelet:10250") // want `context.TODO\(\) in poll is on the stuck path of component of h \(health\) to \(\*net.Dialer\).DialContext: highest priority; no context in scope`
	}
}
