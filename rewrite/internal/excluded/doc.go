// Package excluded handles the files the build excludes (other build tags
// or GOOS), which are not type-checked with the rest of the program.
//
// Their uses of a function that gains ctx are found by what each file can
// name (Index, Edits), a method's by what its selector selects once a
// build that includes the file typed it (selections.go). They are edited
// in their bytes (Apply: a call passes the context parameter around it,
// else context.TODO(); a platform's own declaration of the function gains
// ctx), and checked under a GOOS, GOARCH and tags that include them
// (ConfigFor, Build.Check): each such build is loaded once, from source
// (load.go), and checked again in memory, only the packages a change
// reaches (Builds, platform.go). A use that cannot be edited so (a
// function value, an interface another type may implement there) refuses
// the set, naming the file.
package excluded
