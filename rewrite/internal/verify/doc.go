// Package verify runs a plan's change sets in memory until what remains
// builds (Run): it applies them (package apply), type-checks the
// rewritten packages and every loaded package that imports them (verify.go,
// with package check), drops the sets that fail to edit or break the
// build, each refused with the error it causes, and tries the rest again.
//
// The sets that break a package are found by bisection (isolate.go); a
// loop whose work was all refused is refused with it (loopwork.go). The
// files the build excludes are checked under a build that includes them,
// and their errors bisected the same way (excluded.go). What the last
// round checked is the program Migrate's next pass analyses: it loads
// only once.
package verify
