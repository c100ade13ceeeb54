package rewrite

// DecorateInPart makes every file decorated in part until the returned
// function is called.
func DecorateInPart() (undo func()) {
	alwaysInPart = true
	return func() { alwaysInPart = false }
}
