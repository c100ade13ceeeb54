// Package pure calls another module's code that takes no context, in a
// closure with no sink package: no call can block, and the analysis stops
// at once.
package pure

import "example.net/calc"

func Total(xs []int) int {
	var a calc.Adder = calc.Sum{}
	t := 0
	for _, x := range xs {
		t = a.Add(t, x)
	}
	return t
}
