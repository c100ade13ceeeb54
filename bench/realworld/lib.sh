# shellcheck shell=bash
# bench/realworld/lib.sh: the steps common to the real-world corpora, sourced
# by one small script per corpus (godplugin.sh, telegraf.sh), which sets
#
#   CORPUS         the corpus's name, the prefix of the summary lines
#   SRC_VAR        the environment variable naming the checkout
#   MONITORED      the -ctxprop.monitored value: the corpus's loop
#   BUILD_EXCLUDE  an extended regexp of import paths go build and go vet skip
#                  (optional)
#
# and may define corpus_summary, run in the fixed copy after the fix, whose
# output lines join the summary;
#
# and then calls realworld_main. The checkout is never modified: it is copied
# twice into a temporary directory, "fixed" (where ctxlint -fix writes) and
# "before" (left pristine: the floor and the tests before the fix run there).
#
#   floor         bench/noop ./... on "before", FLOOR_RUNS times (median): the
#                 same driver loading and type-checking the same packages
#   fix           ctxlint -fix -json -ctxprop.monitored=... -fix.timeout=... ./...
#                 on "fixed", under GNU time: change sets planned / applied /
#                 refused by class, functions, files, wall time and peak RSS
#   touched       the .go files that differ from the checkout (diff -rq), as
#                 package directories
#   build, vet    go build and go vet of every package (less BUILD_EXCLUDE) of
#                 "fixed"; if one fails, of "before" too: a failure is a
#                 diagnostic "fixed" has and "before" has not
#   second run    ctxlint -fix -diff with the same flags on "fixed": must print
#                 nothing
#   tests         go test -short -count=1 of the touched packages, in "before"
#                 and in "fixed"; a regression is a package that FAILs (or has
#                 no result) after and did not before
#
# Exit status 1 when build or vet failed (with a diagnostic the checkout does
# not have), the second run changed anything or a test regressed (or a step
# could not run).
#
# Environment: FIX_TIMEOUT (default 10s), FLOOR_RUNS (default 1), FIX_RUNS
# (default 1; the runs after the first are -fix -diff on "before", for the
# median), KEEP=1 to keep the temporary directory.

: "${CORPUS:?set by the corpus script}" "${SRC_VAR:?set by the corpus script}" "${MONITORED:?set by the corpus script}"
FIX_TIMEOUT=${FIX_TIMEOUT:-10s}
FLOOR_RUNS=${FLOOR_RUNS:-1}
FIX_RUNS=${FIX_RUNS:-1}
ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)
export GOWORK=off GOTOOLCHAIN=local

cleanup() {
	if [[ ${KEEP:-0} == 1 ]]; then
		echo "$CORPUS: kept $TMP" >&2
	else
		chmod -R u+w "$TMP" 2>/dev/null || true
		rm -rf "$TMP"
	fi
}

say() { printf '%s\n' "$*"; }
die() {
	echo "$CORPUS: $*" >&2
	exit 1
}

# timed NAME DIR CMD...: runs CMD in DIR under GNU time -v, stdout to
# $TMP/NAME.out, stderr to $TMP/NAME.err; prints "wall_s rss_kb exit_status".
timed() {
	local name=$1 dir=$2 rc=0
	shift 2
	(cd "$dir" && exec /usr/bin/time -v -o "$TMP/$name.time" "$@") >"$TMP/$name.out" 2>"$TMP/$name.err" || rc=$?
	awk -v rc="$rc" '
		/Elapsed \(wall clock\) time/ { n = split($NF, t, ":"); w = 0; for (i = 1; i <= n; i++) w = w * 60 + t[i] }
		/Maximum resident set size/ { m = $NF }
		END { printf "%.2f %d %d\n", w, m, rc }' "$TMP/$name.time"
}

median() { tr ' ' '\n' | grep -v '^$' | sort -g | awk '{ a[NR] = $1 } END { if (NR % 2) print a[(NR + 1) / 2]; else printf "%.2f\n", (a[NR / 2] + a[NR / 2 + 1]) / 2 }'; }
ratio() { awk -v a="$1" -v b="$2" 'BEGIN { if (b == 0) print "NA"; else printf "%.2f", a / b }'; }
mb() { awk -v k="$1" 'BEGIN { printf "%.0f", k / 1024 }'; }

# normdiag DIR: go's diagnostics on stdin, DIR/ and line:column left out, sorted.
normdiag() { sed -e "s|$1/||g" -E -e 's/^([^ :]+):[0-9]+(:[0-9]+)?: /\1: /' | LC_ALL=C sort; }

# gocheck NAME CMD...: runs a go command over $BUILD_PKGS in "fixed"; prints
# PASS, or when it fails there, runs it in "before" too and compares their
# diagnostics (paths relative, line and column numbers left out: the fix moves
# lines): "no new diagnostics (...)" when "fixed" adds none, else FAIL. On
# failure, the first 40 lines of the output (and of what is new) on stderr.
gocheck() {
	local name=$1
	shift
	(cd "$FIXED" && "$@" "${BUILD_PKGS[@]}") >"$TMP/$name.log" 2>&1 && {
		echo PASS
		return
	}
	{
		echo "--- $* failed: first 40 lines:"
		head -n 40 "$TMP/$name.log"
		echo "---"
	} >&2
	(cd "$BEFORE" && "$@" "${BUILD_PKGS[@]}") >"$TMP/$name-before.log" 2>&1 && {
		echo FAIL
		return
	}
	local new
	new=$(LC_ALL=C comm -13 <(normdiag "$BEFORE" <"$TMP/$name-before.log") <(normdiag "$FIXED" <"$TMP/$name.log"))
	if [[ -z $new ]]; then
		echo "no new diagnostics (fails before the fix too: $(wc -l <"$TMP/$name-before.log") lines)"
	else
		{
			echo "--- $* fails before the fix too, but these lines are new: first 40:"
			head -n 40 <<<"$new"
		} >&2
		echo "FAIL: $(grep -c . <<<"$new") new diagnostics"
	fi
}

# tests NAME DIR: go test -short -count=1 of $TEST_PKGS in DIR; writes
# "importpath status" lines (ok, FAIL, no-test) to $TMP/NAME.status.
tests() {
	local name=$1 dir=$2
	(cd "$dir" && go test -short -count=1 "${TEST_PKGS[@]}") >"$TMP/$name.log" 2>&1 || true
	awk '
		/^ok[ \t]/ { print $2, "ok"; next }
		/^FAIL[ \t]+[^ \t]/ { print $2, "FAIL"; next }
		/^\?[ \t]/ { print $2, "no-test" }' "$TMP/$name.log" | sort -u -k1,1 >"$TMP/$name.status"
}

realworld_main() {
	local src=${!SRC_VAR:-}
	[[ -n $src ]] || die "set $SRC_VAR to a checkout of $CORPUS"
	[[ -f $src/go.mod ]] || die "$SRC_VAR=$src: no go.mod there"
	src=$(cd "$src" && pwd)
	{ [[ -x /usr/bin/time ]] && /usr/bin/time -v true >/dev/null 2>&1; } || die "GNU time is needed (/usr/bin/time -v): apt-get install time"
	command -v python3 >/dev/null || die "python3 is needed to read ctxlint's JSON"

	TMP=$(mktemp -d "${TMPDIR:-/tmp}/ctxlint-$CORPUS.XXXXXX")
	trap cleanup EXIT
	FIXED=$TMP/fixed BEFORE=$TMP/before
	local fixed=$FIXED before=$BEFORE
	say "$CORPUS: $src; ctxlint $(git -C "$ROOT" rev-parse --short HEAD 2>/dev/null || echo '?')$(git -C "$ROOT" diff --quiet 2>/dev/null || echo '+changes'); $(go version | cut -d' ' -f3-) on $(nproc) cores; work $TMP"

	(cd "$ROOT" && go build -o "$TMP/ctxlint" ./cmd/ctxlint && go build -o "$TMP/noop" ./bench/noop) || die "building ctxlint and bench/noop"
	if command -v rsync >/dev/null; then
		rsync -a "$src/" "$fixed/" && rsync -a "$src/" "$before/"
	else
		cp -a "$src" "$fixed" && cp -a "$src" "$before"
	fi || die "copying $src"
	# Untimed warm-up: go list's cache and the page cache, for both tools.
	(cd "$before" && go list -e -deps -test ./... >/dev/null 2>&1) || true

	# The floor: load and type-check only, on the pristine copy.
	local i wall rss st floor_walls="" floor_rsss=""
	for ((i = 1; i <= FLOOR_RUNS; i++)); do
		read -r wall rss st < <(timed "floor-$i" "$before" "$TMP/noop" ./...)
		[[ $st == 0 ]] || { tail -n 20 "$TMP/floor-$i.err" >&2; die "bench/noop ./... exited $st"; }
		floor_walls+=" $wall" floor_rsss+=" $rss"
	done
	local floor_wall floor_rss
	floor_wall=$(median <<<"$floor_walls")
	floor_rss=$(median <<<"$floor_rsss")
	say "floor: bench/noop ./...: $floor_wall s, $(mb "$floor_rss") MB (median of $FLOOR_RUNS:$floor_walls s)"

	# The fix. Exit status 0: nothing to do, 3: files written, else a failure.
	local flags=(-ctxprop.monitored="$MONITORED" -fix.timeout="$FIX_TIMEOUT")
	local fix_wall fix_rss fix_st
	say "fix: ctxlint -fix -json ${flags[*]} ./..."
	read -r fix_wall fix_rss fix_st < <(timed fix "$fixed" "$TMP/ctxlint" -fix -json "${flags[@]}" ./...)
	[[ $fix_st == 0 || $fix_st == 3 ]] || { tail -n 40 "$TMP/fix.err" >&2; die "ctxlint -fix exited $fix_st"; }
	local fixsum
	fixsum=$(python3 - "$TMP/fix.out" <<'EOF'
import collections, json, sys
s = json.load(open(sys.argv[1]))
planned, applied, refused = s["planned"], len(s["applied"]), s["refused"]
pct = "%.0f%%" % (100.0 * applied / planned) if planned else "n/a"
by = collections.Counter(r["class"] for r in refused)
print("change sets: planned %d, applied %d (%s), refused %d%s" % (planned, applied, pct, len(refused),
      ": " + ", ".join("%s %d" % kv for kv in sorted(by.items())) if by else ""))
print("functions changed: %d; files changed: %d; passes: %d; unsettled: %s" % (
      s["functions"], len(s["files"]), s["passes"], str(s["unsettled"]).lower()))
EOF
	) || die "reading ctxlint's JSON ($TMP/fix.out)"
	say "$fixsum"
	python3 -c 'import json, sys
for r in json.load(open(sys.argv[1]))["refused"]:
    why = " ".join(r["reason"].split())
    print("  refused: %s: %s: %s" % (r["class"], r["posn"], why if len(why) <= 240 else why[:240] + "..."))' "$TMP/fix.out"
	# More timed runs, for a median: -diff on the pristine copy, which
	# does the same work and writes nothing.
	local fix_walls="$fix_wall" fix_rsss="$fix_rss"
	for ((i = 2; i <= FIX_RUNS; i++)); do
		read -r wall rss st < <(timed "fix-$i" "$before" "$TMP/ctxlint" -fix -diff "${flags[@]}" ./...)
		[[ $st == 0 || $st == 3 ]] || { tail -n 20 "$TMP/fix-$i.err" >&2; die "ctxlint -fix -diff (run $i) exited $st"; }
		fix_walls+=" $wall" fix_rsss+=" $rss"
	done
	fix_wall=$(median <<<"$fix_walls")
	fix_rss=$(median <<<"$fix_rsss")
	say "fix: $fix_wall s, $(mb "$fix_rss") MB (median of $FIX_RUNS:$fix_walls s; exit $fix_st)"

	# The packages touched: the .go files that differ from the checkout.
	local files
	files=$(diff -rq "$src" "$fixed" |
		sed -n -e "s|^Files $src/\(.*\.go\) and $fixed/.* differ\$|\1|p" -e "s|^Only in $fixed\(/.*\)*: \(.*\.go\)\$|\1/\2|p" |
		sed 's|^/||' | sort -u) || true
	TEST_PKGS=()
	local d
	while read -r d; do
		[[ -n $d ]] && TEST_PKGS+=("$d")
	done < <(if [[ -n $files ]]; then xargs -n1 dirname <<<"$files" | sort -u | sed -e 's|^\.$||' -e 's|^|./|' -e 's|/$||'; fi)
	local touched
	touched="$(grep -c . <<<"$files" || true) .go files in ${#TEST_PKGS[@]} packages"
	say "touched: $touched"
	# What the corpus script adds (corpus_summary, run in the fixed copy).
	local extra=""
	if declare -F corpus_summary >/dev/null; then
		extra=$(cd "$fixed" && corpus_summary)
		say "$extra"
	fi

	# go build and go vet of every package but BUILD_EXCLUDE.
	BUILD_PKGS=()
	while read -r d; do
		[[ -n $d ]] && BUILD_PKGS+=("$d")
	done < <(cd "$fixed" && go list ./... | grep -Ev "${BUILD_EXCLUDE:-^\$}")
	((${#BUILD_PKGS[@]} > 0)) || die "go list ./... found no packages"
	local build vet
	build=$(gocheck build go build)
	say "go build (${#BUILD_PKGS[@]} packages): $build"
	vet=$(gocheck vet go vet)
	say "go vet (${#BUILD_PKGS[@]} packages): $vet"

	# The second run must find nothing more to do.
	local second
	read -r wall rss st < <(timed second "$fixed" "$TMP/ctxlint" -fix -diff "${flags[@]}" ./...)
	if [[ $st != 0 && $st != 3 ]]; then
		tail -n 20 "$TMP/second.err" >&2
		second="FAILED (exit $st)"
	elif [[ -s $TMP/second.out ]]; then
		second="CHANGED: $(wc -l <"$TMP/second.out") diff lines"
		head -n 40 "$TMP/second.out" >&2
	else
		second="no change"
	fi
	say "second run: $second ($wall s)"

	# The touched packages' tests, before and after the fix.
	local testsum="tests: no package touched" regressions=""
	if ((${#TEST_PKGS[@]} > 0)); then
		tests before "$before"
		tests after "$fixed"
		local p b a n=0 okb=0 oka=0
		say "tests (go test -short -count=1 of the touched packages): package before after"
		while read -r p; do
			b=$(awk -v p="$p" '$1 == p { print $2 }' "$TMP/before.status")
			a=$(awk -v p="$p" '$1 == p { print $2 }' "$TMP/after.status")
			b=${b:-missing} a=${a:-missing}
			say "  $p $b $a"
			n=$((n + 1))
			[[ $b != ok ]] || okb=$((okb + 1))
			[[ $a != ok ]] || oka=$((oka + 1))
			[[ $a != FAIL && $a != missing || $b == "$a" || $b == FAIL ]] || regressions+=" $p"
		done < <(cd "$fixed" && go list -e "${TEST_PKGS[@]}")
		testsum="tests: $n packages, $okb pass before, $oka pass after, regressions:${regressions:- none}"
		[[ -z $regressions ]] || grep -E -e '^(--- FAIL|FAIL|panic:)' "$TMP/after.log" | head -n 40 >&2 || true
	fi
	say "$testsum"

	local failed=()
	[[ $build != FAIL* ]] || failed+=(build)
	[[ $vet != FAIL* ]] || failed+=(vet)
	[[ $second == "no change" ]] || failed+=("second run")
	[[ -z $regressions ]] || failed+=("test regressions")
	local result=OK
	((${#failed[@]} == 0)) || result="FAILED: $(
		IFS=,
		echo "${failed[*]}"
	)"
	say ""
	sed "s/^/$CORPUS: /" <<EOF
$fixsum
fix: wall $fix_wall s, peak RSS $(mb "$fix_rss") MB (median of $FIX_RUNS)
floor: wall $floor_wall s, peak RSS $(mb "$floor_rss") MB (median of $FLOOR_RUNS)
fix/floor: wall $(ratio "$fix_wall" "$floor_wall")x, RSS $(ratio "$fix_rss" "$floor_rss")x
touched: $touched${extra:+
$extra}
build: $build
vet: $vet
second run: $second
$testsum
result: $result
EOF
	[[ $result == OK ]]
}
