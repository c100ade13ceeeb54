// Package calc is another module's package that takes no context and
// imports nothing: nothing it declares can be a sink.
package calc

// Adder adds.
type Adder interface{ Add(a, b int) int }

// Sum implements Adder.
type Sum struct{}

func (Sum) Add(a, b int) int { return a + b }
