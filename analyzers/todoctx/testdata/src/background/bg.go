// Package background is analysed with -todoctx.background: Background()
// counts as debt too, except where contexts legitimately start.
package background

import "context"

func use(context.Context) {}

func helper() {
	use(context.Background()) // want `context.Background\(\) in helper \(hoist\)`
	use(context.TODO())       // want `context.TODO\(\) in helper \(hoist\)`
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
