#!/usr/bin/env bash
# Builds a golangci-lint v2 binary with ctxlint's plugins compiled in, the
# way "golangci-lint custom" does, but from the Go module proxy instead of a
# git clone of GitHub: download golangci-lint's source, add a plugins.go
# importing github.com/ctxlint/ctxlint/plugin, replace that module with this
# checkout, tidy and build.
#
#   build-custom-gcl.sh OUTPUT        (GCL_VERSION overrides the pinned version)
set -euo pipefail
out=${1:?usage: build-custom-gcl.sh OUTPUT}
version=${GCL_VERSION:-v2.15.0}
repo=$(cd "$(dirname "$0")/../.." && pwd)
case $out in /*) ;; *) out=$PWD/$out ;; esac

work=$(mktemp -d)
trap 'chmod -R u+w "$work" 2>/dev/null; rm -rf "$work"' EXIT

src=$(go mod download -json "github.com/golangci/golangci-lint/v2@$version" | sed -n 's/.*"Dir": "\(.*\)".*/\1/p')
[ -d "$src" ] || { echo "build-custom-gcl: cannot download golangci-lint $version" >&2; exit 1; }
cp -r "$src" "$work/golangci-lint"
chmod -R u+w "$work/golangci-lint"
cd "$work/golangci-lint"
cat > cmd/golangci-lint/plugins.go <<'GO'
package main

import (
	_ "github.com/ctxlint/ctxlint/plugin"
)
GO
go mod edit -replace "github.com/ctxlint/ctxlint=$repo"
go mod tidy
go build -buildvcs=false -ldflags "-s -w -X main.version=$version-custom-gcl" -o "$out" ./cmd/golangci-lint
