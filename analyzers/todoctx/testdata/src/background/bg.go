// Package background is analysed with -todoctx.background: Background()
// counts as debt too, except where contexts legitimately start.
package background

import "context"

func use(context.Context) {}

func helper() {
	// want +1 `context.Background\(\) in helper \(hoist\)`
	use(context.Background())
	// want +1 `context.TODO\(\) in helper \(hoist\)`
	use(context.TODO())
}

func init() {
	use(context.Background()) // init may start from Background
}

var root = context.Background() // so may package-level initialisers

func spawn() {
	go func() {
		use(context.Background()) // a goroutine root
	}()
}
