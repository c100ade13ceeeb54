// Package stream stands for a client library of another module configured
// with functional options: New dials a default session unless an option
// gives it a client.
package stream

import "net"

// Client reads a stream.
type Client interface{ Get(key string) error }

// Consumer reads a stream through its client.
type Consumer struct {
	name   string
	client Client
}

// Option configures a Consumer.
type Option func(*Consumer)

// WithClient gives the consumer its client.
func WithClient(c Client) Option {
	return func(cons *Consumer) { cons.client = c }
}

// WithName names the consumer.
func WithName(name string) Option {
	return func(c *Consumer) { c.name = name }
}

type session struct{ conn net.Conn }

func (s *session) Get(key string) error { return nil }

// New makes a consumer of the stream.
func New(stream string, opts ...Option) (*Consumer, error) {
	c := &Consumer{name: stream}
	for _, opt := range opts {
		opt(c)
	}
	if c.client == nil {
		conn, err := net.Dial("tcp", "stream.example.org:443")
		if err != nil {
			return nil, err
		}
		c.client = &session{conn}
	}
	return c, nil
}

// NewFresh applies the options to a consumer it then replaces: the
// default is made whatever they set.
func NewFresh(stream string, opts ...Option) (*Consumer, error) {
	c := &Consumer{name: stream}
	for _, opt := range opts {
		opt(c)
	}
	c = &Consumer{name: stream}
	if c.client == nil {
		conn, err := net.Dial("tcp", "stream.example.org:443")
		if err != nil {
			return nil, err
		}
		c.client = &session{conn}
	}
	return c, nil
}

// WithoutClient drops any client given before it.
func WithoutClient() Option {
	return func(c *Consumer) { c.client = nil }
}

func (c *Consumer) reset() { c.client = nil }

// NewReset resets the consumer after applying the options, through a
// method: the default is made whatever they set.
func NewReset(stream string, opts ...Option) (*Consumer, error) {
	c := &Consumer{name: stream}
	for _, opt := range opts {
		opt(c)
	}
	c.reset()
	if c.client == nil {
		conn, err := net.Dial("tcp", "stream.example.org:443")
		if err != nil {
			return nil, err
		}
		c.client = &session{conn}
	}
	return c, nil
}
