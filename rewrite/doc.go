// Package rewrite is ctxlint's migration: it threads the health deadline of
// a monitored loop down to every blocking call ctxprop found, across
// packages, as a user would by hand.
//
// It is a pipeline, each stage a package under internal/ with a narrow
// API, and the change sets of package change the seam between them:
//
//   - source indexes the loaded program: the files that may be edited,
//     their functions, the syntax at a position. Every stage reads it;
//     none changes it.
//   - plan (Build) turns ctxprop's paths into change sets, pure data keyed
//     by source positions: a function that gains a ctx parameter with all
//     its callers; an interface method with every implementation and
//     caller; a function type with everything assigned to it; a loop that
//     derives its context from the tick, or bounds each iteration by a
//     timeout (loopshape reads how the loop is laid out); a sink that takes
//     the context. A set that cannot be changed safely is a Refusal with
//     its class and reason.
//   - apply edits the files with github.com/dave/dst, so comments and
//     blank lines stay where they were; a file is decorated in part, its
//     imports and the declarations an edit falls in, and every other byte
//     is kept.
//   - verify (Execute) applies the sets in memory, type-checks the
//     rewritten packages and every loaded package that imports them
//     (check), drops the sets that break them, found by bisection, and
//     applies the rest again. What it checked is the program Migrate's
//     next pass analyses: it loads only once.
//   - excluded handles the files the build excludes (other build tags or
//     GOOS): their uses are found by what each file can name, edited in
//     their bytes, and checked under a GOOS, GOARCH and tags that include
//     them. A use that cannot be edited so refuses the set, naming the
//     file.
//
// This package keeps what a caller sees: Migrate (load, analyse, plan,
// execute, again until nothing is left), Options, Build and Plan, Result
// and its Write (each changed file replaced atomically, keeping its mode)
// and Diff.
//
// A change set is applied whole or not at all; a refusal never blocks the
// others, except a loop's: once every set that edits its function is
// refused, its context would go unused, and it is refused with them.
// Files of other modules and generated files are never edited.
package rewrite
