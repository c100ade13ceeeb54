package source

import "golang.org/x/tools/go/packages"

// LoadMode is the go/packages mode to load the packages Migrate and Build
// take with: all syntax and module information, and cgo packages
// type-checked from the files their authors wrote, as gopls does, rather
// than from cgo's output in the build cache, which cannot be edited.
// In that mode a package's CompiledGoFiles are the Go files cgo defined
// the C names in (_cgo_gotypes.go) followed by its GoFiles, and C.f
// resolves to cgo's declaration of it.
const LoadMode = packages.LoadAllSyntax | packages.NeedModule | typecheckCgo

// typecheckCgo is go/packages' unexported mode bit (the one after
// NeedForTest) for loading cgo packages as written; gopls sets it through
// an internal package. TestLoadModeCgo fails if the bit moves.
const typecheckCgo = packages.NeedForTest << 1
