// Package plan turns ctxprop's paths into change sets: pure data keyed by
// source positions (package change), decided before any file is touched.
//
// Build reads each path into hops (path.go), finds the group each hop
// changes (component.go) and threads the callers up to the loop
// (thread.go): a function that gains a ctx parameter with all its callers;
// an interface method with every implementation and caller; a function
// type with everything assigned to it (flow.go, groups.go); a loop that
// derives its context from the tick (loop.go) or bounds each iteration by
// a timeout (periodic.go); a sink that takes the context. A set that
// cannot be changed safely is a Refusal with its class and reason.
//
// For the migration ctxprop keeps a path per call of a loop and blocking
// call it reaches (PerCall), not only the best one per blocking call;
// expand (expand.go) adds every other path the next run would report,
// from the same run's summaries and call graph, so that one pass rewrites
// and Migrate's second only confirms.
package plan
