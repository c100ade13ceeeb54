// Package apply edits the program's files for a migration's change sets
// with github.com/dave/dst, so that comments and blank lines stay where
// they were.
//
// A file is decorated in part (part.go): its imports and the declarations
// an edit falls in, each printed back over its own bytes; every other byte
// of the file is kept. The edits (edit.go) add a ctx parameter, pass it at
// each call, derive a loop's context from its tick or its interval
// (loopedit.go), and give a blocking call its context form (sinks.go,
// sinkhttp.go); the names they declare are fresh (names.go), the imports
// they need resolved (imports.go), and the context each call passes is the
// innermost one in scope, by the type checker's scopes (scope.go). The
// files the build excludes are edited in their bytes by package excluded.
package apply
