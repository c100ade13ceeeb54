// Package todoctx defines an Analyzer that inventories context.TODO() as
// migration debt, says how to pay each one off, and ratchets the count
// down.
//
// # Analyzer todoctx
//
// todoctx: track context.TODO() as migration debt, with a ratchet
//
// A migration to deadline-carrying contexts leaves context.TODO() wherever
// no deadline exists yet. todoctx reports every one (and, with
// -todoctx.background, every context.Background() outside main, init,
// tests and goroutine roots), with its enclosing function and one of four
// categories:
//
//  1. in-scope: a context is already in scope (a parameter or local, or
//     r.Context(), cmd.Context(), t.Context() on a variable whose type has
//     that method): use it. A suggested fix replaces the call.
//  2. hoist: no context in scope. When the function is unexported, not used
//     as a value, and every caller in the package has a context at the call,
//     a suggested fix adds a ctx parameter and passes it from the callers:
//     the TODO moves one level up, and repeated runs move it further. The
//     message names the callers that have none yet.
//  3. root: a place where no deadline can be defined yet: main, init, a
//     method whose signature an interface fixes, a function used as a value,
//     a function literal (a callback). It stays, reported as a documented
//     root.
//  4. monitored: ctxprop found the TODO on the path from a health-monitored
//     loop to a blocking call: the highest priority; the message names the
//     loop, and keeps the advice of the category beneath.
//
// A comment after the call on its line is the reason, shown with the
// report as written (context.TODO() // no deadline yet, see
// https://example.com/issue/1). A directive (//nolint:todoctx,
// //ctxlint:...) is no reason, but the explanation after its own // is.
// Generated files are skipped.
//
// Ratchet: -todoctx.baseline=FILE suppresses the sites listed in FILE and
// reports only new ones. A site is keyed by package, function and ordinal
// (the n-th TODO in that function), so moving code does not invalidate the
// baseline; a listed site that no longer exists is reported as stale so the
// file shrinks. Each package reports its own stale entries (a package
// with in-package tests, analysed with them: without them it cannot tell a
// test function's entry from a stale one); the entries of a package that
// no longer exists are reported by "ctxlint todo -todoctx.baseline=FILE
// ./...", which sees the whole program and exits 3 if there are any. "ctxlint todo -write-baseline FILE ./..." writes the
// file, and "ctxlint todo ./..." prints the inventory by package and
// category (also -format=json and -format=markdown).
//
// go vet caches its results by the tool's flags, not by the file's
// contents, so there the value must pin them: FILE@sha256:HEX, the SHA-256
// of the file, which "ctxlint todo -baseline-flag FILE" prints as the
// whole flag. Compute it at each run, so that an edited baseline takes
// effect on the next one:
//
//	go vet -vettool=$(which ctxlint) $(ctxlint todo -baseline-flag todo.baseline) ./...
//
// golangci-lint caches its results by its configuration: there too the
// baseline setting must be the pinned value (baseline: FILE@sha256:HEX).
// ctxlint itself and "ctxlint todo" cache nothing: a plain FILE is fine.
// Under go vet a value without a digest is refused, with the flag to pass;
// in every mode a digest that no longer matches the file is refused (under
// go vet, only in the packages it analyses again: the others' results come
// from its cache). Under go vet a relative FILE is relative to the module
// root (the directory of the go.mod above the package), since go vet runs
// the tool in each package's directory; elsewhere, to the current
// directory. Under go vet these refusals, and a baseline that cannot be
// read, are reported as a diagnostic on each package rather than as an
// analysis error: go vet caches the package's facts when the tool reports
// an error, and a second run would print nothing and succeed.
//
// Per package (go vet, golangci-lint) category 4 needs the loop in the
// same package as the TODO; "ctxlint todo" sees the whole program.
package todoctx
