package ctxprop

// SetDependencies makes the packages whose paths dependency accepts count
// as packages of versioned dependency modules, as analysistest's GOPATH
// fixtures carry no module versions. It returns a function that undoes it.
func SetDependencies(dependency func(path string) bool) (undo func()) {
	old := dependencyPath
	dependencyPath = dependency
	return func() { dependencyPath = old }
}
