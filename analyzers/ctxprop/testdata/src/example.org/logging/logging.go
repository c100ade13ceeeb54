// Package logging stands for a logging library of another module: its
// logger writes through an interface with several writers, one of them
// over the network that the program never configures.
package logging

import "crypto/tls"

type Writer interface{ Write(p []byte) error }

type Logger struct{ w Writer }

func New() *Logger { return &Logger{w: stderr{}} }

func NewNetwork(addr string) *Logger { return &Logger{w: &network{addr: addr}} }

func (l *Logger) Debug(msg string) { l.w.Write([]byte(msg)) }

type stderr struct{}

func (stderr) Write(p []byte) error { return nil }

type network struct{ addr string }

func (n *network) Write(p []byte) error {
	c, err := tls.Dial("tcp", n.addr, nil)
	if err != nil {
		return err
	}
	_, err = c.Write(p)
	return err
}
