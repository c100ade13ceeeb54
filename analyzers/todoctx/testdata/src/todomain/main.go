// Command todomain shows main as a root.
package main

import "context"

func main() {
	run(context.TODO()) // want `context.TODO\(\) in main \(root\): root: main, where the program's contexts start`
}

func run(ctx context.Context) { _ = ctx }
