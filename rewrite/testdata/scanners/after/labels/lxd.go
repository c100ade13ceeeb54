package labels

func init() { factories["lxd"] = func() Scanner { return &LxdScanner{restScanner{path: "/lxd"}} } }

// LxdScanner reads the labels of the lxd API, a REST one.
type LxdScanner struct{ restScanner }

// Platform names the platform.
func (s *LxdScanner) Platform() string { return "lxd" }
