package labels

func init() {
	factories["consul"] = func() Scanner { return &ConsulScanner{restScanner{path: "/consul"}} }
}

// ConsulScanner reads the labels of the consul API, a REST one.
type ConsulScanner struct{ restScanner }

// Platform names the platform.
func (s *ConsulScanner) Platform() string { return "consul" }
