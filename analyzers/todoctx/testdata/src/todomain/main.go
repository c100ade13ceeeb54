// Command todomain shows main as a root.
package main

import "context"

func main() {
	// want +1 `context.TODO\(\) in main \(root\): root: main, where the program's contexts start`
	run(context.TODO())
}

func run(ctx context.Context) { _ = ctx }
