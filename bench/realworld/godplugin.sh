#!/usr/bin/env bash
# bench/realworld/godplugin.sh: ctxlint -fix on go.d.plugin (commit 3143e101),
# its loop (*module.Job).Start monitored: change sets planned / applied /
# refused, go build, go vet, the touched packages' tests before and after, a
# second -fix that must change nothing, and wall time and peak RSS against the
# fact floor (bench/noop). The checkout is copied, never modified; the steps
# are bench/realworld/lib.sh's.
#
# Usage: GODPLUGIN_DIR=/path/to/go.d.plugin bash bench/realworld/godplugin.sh
#        (FIX_TIMEOUT=10s, FLOOR_RUNS=1, FIX_RUNS=1, KEEP=1 to keep the work directory)
set -euo pipefail

CORPUS=godplugin
SRC_VAR=GODPLUGIN_DIR
MONITORED='(*github.com/netdata/go.d.plugin/agent/module.Job).Start'
BUILD_EXCLUDE=

# shellcheck source-path=SCRIPTDIR source=lib.sh
source "$(dirname "${BASH_SOURCE[0]}")/lib.sh"
realworld_main
