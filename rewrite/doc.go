// Package rewrite is ctxlint's migration: it threads the health deadline of
// a monitored loop down to every blocking call ctxprop found, across
// packages, as a user would by hand.
//
// It is a pipeline, each step with a narrow API:
//
//   - Plan (plan.go) turns ctxprop's paths into change sets, pure data keyed
//     by source positions (built in build.go: each path's hops in path.go,
//     the group each hop changes in component.go, the callers up to the
//     loop in thread.go): a function that gains a ctx parameter with all its
//     callers; an interface method with every implementation and caller; a
//     function type with everything assigned to it (flow.go); a loop that
//     derives its context from the tick (loop.go); a sink that takes the
//     context (sinks.go). A set that cannot be changed safely is a Refusal
//     with its class and reason. For the migration ctxprop keeps a path
//     per call of a loop and blocking call it reaches (PerCall), not only
//     the best one per blocking call; expand (expand.go) adds every other
//     path the next run would report, from the same run's summaries and
//     call graph, so one pass rewrites and Migrate's second only confirms.
//   - Apply (apply.go) edits the files with github.com/dave/dst, so comments
//     and blank lines stay where they were (decorate.go; the edits are in
//     edit.go, the names they declare in names.go, the imports in
//     imports.go), and resolves at each call the innermost context in scope
//     with the type checker's scopes (scope.go). A file is
//     decorated in part (part.go): its imports and the declarations an
//     edit falls in, each printed back over its own bytes; every other
//     byte of the file is kept.
//   - Verify (verify.go) type-checks the rewritten packages, and every
//     loaded package that imports them, in memory; the change sets that
//     break them are dropped and the rest applied again. What it checked
//     is the program Migrate's next pass analyses: it loads only once.
//   - Files the build excludes (other build tags or GOOS: excluded.go) are
//     not type-checked with the rest. Their uses of a function that gains
//     ctx are found by what each file can name, a method's by what its
//     selector selects once a build that includes the file typed it
//     (excluded_types.go), edited in their bytes (a
//     call passes the context parameter around it, else context.TODO(); a
//     platform's own declaration of the function gains ctx), and checked
//     under a GOOS, GOARCH and tags that include them (excluded_verify.go):
//     each such build is loaded once, from source, and checked again in
//     memory, only the packages a change reaches (excluded_platform.go).
//     A use that cannot be edited so (a function
//     value, an interface another type may implement there) or a build
//     that fails refuses the set, naming the file.
//   - Write (write.go) replaces each changed file atomically, keeping its
//     mode, or prints a unified diff.
//
// A change set is applied whole or not at all; a refusal never blocks the
// others, except a loop's: once every set that edits its function is
// refused, its context would go unused, and it is refused with them
// (loopwork.go). Files of other modules and generated files are never edited.
package rewrite
