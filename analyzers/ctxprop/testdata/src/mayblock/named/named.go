// Package named calls a function of another module that -sinks names (set
// by TestMayBlockSinks): it may block, with no context anywhere.
package named // want "may block"

import "example.net/sleepy"

func Run() { sleepy.Wait() } // want Run:"reaches example.net/sleepy.Wait unbounded via Run"
