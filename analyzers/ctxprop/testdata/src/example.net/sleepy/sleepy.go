// Package sleepy blocks with no context; only -sinks says so.
package sleepy

func Wait() {}
