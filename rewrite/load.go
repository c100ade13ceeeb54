package rewrite

import "github.com/ctxlint/ctxlint/rewrite/internal/source"

// LoadMode is the go/packages mode to load the packages Migrate and Build
// take with: all syntax and module information, and cgo packages
// type-checked from the files their authors wrote, as gopls does (see
// source.LoadMode).
const LoadMode = source.LoadMode
