#!/usr/bin/env bash
# bench/realworld/telegraf.sh: ctxlint -fix on telegraf v1.18.3, its loop
# (*agent.Agent).gatherLoop monitored: change sets planned / applied /
# refused, go build, go vet, the touched packages' tests (-short) before and
# after, a second -fix that must change nothing, and wall time and peak RSS
# against the fact floor (bench/noop). The checkout is copied, never
# modified; the steps are bench/realworld/lib.sh's. Large: the build takes
# minutes, the fix under a minute and about 6 GB (at a41ffd3).
#
# Usage: TELEGRAF_DIR=/path/to/telegraf bash bench/realworld/telegraf.sh
#        (FIX_TIMEOUT=10s, FLOOR_RUNS=1, FIX_RUNS=1, KEEP=1 to keep the work directory)
set -euo pipefail

CORPUS=telegraf
SRC_VAR=TELEGRAF_DIR
MONITORED='(*github.com/influxdata/telegraf/agent.Agent).gatherLoop'
# A main package without main, by design: go build ./... fails on it.
BUILD_EXCLUDE='/plugins/inputs/execd/shim/example/cmd$'

# How many inputs' Gather (telegraf.Input's method) gained a context.
corpus_summary() {
	local all ctx
	all=$(grep -rhE --include='*.go' --exclude='*_test.go' '^func \([^)]*\) Gather\(' plugins/inputs | wc -l)
	ctx=$(grep -rhE --include='*.go' --exclude='*_test.go' '^func \([^)]*\) Gather\(ctx context\.Context' plugins/inputs | wc -l)
	echo "inputs: $ctx of $all Gather methods under plugins/inputs take a context"
}

# shellcheck source-path=SCRIPTDIR source=lib.sh
source "$(dirname "${BASH_SOURCE[0]}")/lib.sh"
realworld_main
