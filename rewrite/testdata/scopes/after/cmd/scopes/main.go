// Command scopes resolves from main: it has no context but Background.
package main

import (
	"context"

	"example.com/x/sc"
)

func main() {
	_ = sc.Warm()
	_ = sc.Lookup(context.Background(), "main")
}
