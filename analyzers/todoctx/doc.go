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
// A comment on the same line (context.TODO() // no deadline in checks) is
// the reason, shown with the report. Generated files are skipped.
//
// Ratchet: -todoctx.baseline=FILE suppresses the sites listed in FILE and
// reports only new ones. A site is keyed by package, function and ordinal
// (the n-th TODO in that function), so moving code does not invalidate the
// baseline; a listed site that no longer exists is reported as stale so the
// file shrinks. "ctxlint todo -write-baseline FILE ./..." writes it, and
// "ctxlint todo ./..." prints the inventory by package and category (also
// -format=json and -format=markdown).
//
// Per package (go vet, golangci-lint) category 4 needs the loop in the
// same package as the TODO; "ctxlint todo" sees the whole program.
package todoctx
