#!/usr/bin/env bash
# bench/run.sh: ctxlint's cost against its floor, on generated modules.
#
# For each size N it generates one module (bench/gen: N packages, call
# chains of depth D across packages, interfaces, func maps filled by init,
# closures, generics, monitored loops) and, in the same run, times R times
# each, interleaved:
#
#   floor        noop ./...                  a no-op analyzer with a fact type through the
#                                            same driver (multichecker): load + type-check
#   ctxlint      ctxlint ./...               ctxprop + todoctx, standalone
#   vet floor    go vet -vettool=noop ./...  unitchecker, one process per package
#   vet ctxlint  go vet -vettool=ctxlint ./...
#   fix          ctxlint -fix -diff ./...    with BENCH_FIX=1: the migration (whole-program analysis,
#                                            plan, rewrite and type-check in memory, passes until
#                                            nothing changes), printing the diff and writing nothing
#
# go vet runs with a warm build cache (every package already compiled) but
# recomputes every vet action, the standard library's included: go caches
# vet results by the tool's build ID, so each vet run gets a copy of the tool
# with a few bytes appended (a new build ID, same code).
#
# It prints the median wall time and the median peak RSS of the R runs (GNU
# time's maximum resident set size: for go vet, of the largest single process,
# not of all the processes running at once), the ratios ctxlint/floor and
# vet ctxlint/vet floor, and the .vetx bytes per package that go vet wrote
# for the module's packages (measured in one more, untimed, run of each tool).
# For a real tree (realdeps, the agents) it adds x_cpu, the ratio of the
# median CPU times (user plus system): what the tools compute, apart from
# how the cores were shared. On the shared virtual machines it has moved
# with the wall ratio, so it is no substitute for more runs.
# Last, bench/analyzetime loads the module once and times ctxlint's analysis
# alone, R times: ctxlint's own cost, free of the load's noise.
#
# With BENCH_FIX=1 it also prints, per size, the size of the diff -fix -diff
# printed (lines, + and - lines, files) and ctxlint's summary line ("would
# rewrite N functions in M files; applied K of L change sets; R refused"),
# checks that the module was left as generated, and gives -fix's ratios to
# the floor their own target (2x). BENCH_FIXTIME=1 adds bench/fixtime, one
# untimed run of the same passes with each stage timed (load, call graph,
# analysis, plan, apply, type-check, diff): where -fix's time goes.
#
# Environment:
#   BENCH_SIZES="100 500 2000"  package counts
#   BENCH_RUNS=3                runs per measurement (median); BENCH_RUNS_2000=1 overrides for N=2000
#   BENCH_DEPTH=6               call-chain depth (packages per chain)
#   BENCH_CLUSTER=8             chains per cluster (bounds each package's import closure)
#   BENCH_FILLERS=8             non-blocking helper functions per package
#   BENCH_WORK=dir              where to work (default: a new temporary directory)
#   BENCH_GOCACHE=dir           build cache for the measured runs (default: $BENCH_WORK/gocache,
#                               filled by the warm-up; use $(go env GOCACHE) to reuse yours)
#   BENCH_PROFILE=1             also write a CPU profile of ctxlint at the largest size (untimed)
#                               and print its top functions; with BENCH_FIX=1, of bench/fixtime too
#   BENCH_FIX=1                 also measure ctxlint -fix -diff ./... (target: <= 2x the floor)
#   BENCH_FIXTIME=1             with BENCH_FIX=1, also time -fix's stages (bench/fixtime, untimed)
#   BENCH_VET=0                 skip the go vet modes (and the .vetx sizes)
#   BENCH_WHOLE=1               also measure ctxlint -whole-program ./... (target: <= 2x the
#                               per-package ctxlint ./..., wall and RSS)
#   BENCH_KEEP=1                keep the work directory
#   BENCH_REALDEPS=1            also measure bench/realdeps, the real-dependency corpus (a module
#                               of its own: AWS SDK, client-go, Docker, Consul, etcd, gRPC; its
#                               first run downloads ~85 MB of modules from the Go module proxy):
#                               floor, ctxlint ./... and ctxlint -whole-program ./... (and with
#                               BENCH_FIX=1, ctxlint -fix -diff ./...) in place,
#                               BENCH_RUNS_REALDEPS runs (default BENCH_RUNS); BENCH_SIZES=none
#                               with it measures the corpus alone; with the vet modes too unless
#                               BENCH_VET=0 (target: go vet -vettool=ctxlint <= 1.1x the no-op vettool)
#   BENCH_TELEGRAF_DIR=dir      also measure a telegraf v1.18.3 checkout, and
#   BENCH_GODPLUGIN_DIR=dir     a go.d.plugin 3143e101 one (bench/realworld), the same way, their
#                               loop named with -ctxprop.monitored (targets: ctxlint <= 1.15x the
#                               floor, -whole-program <= 1.5x ctxlint; with BENCH_FIX=1, also
#                               ctxlint -fix -diff -fix.timeout=10s: <= 3x the floor and <= 2x
#                               -whole-program)
#
# Usage: bash bench/run.sh            (from anywhere in the repository)
set -euo pipefail

ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
SIZES=${BENCH_SIZES:-"100 500 2000"}
[[ $SIZES == none ]] && SIZES="" # BENCH_SIZES=none: the real-dependency corpus alone
RUNS=${BENCH_RUNS:-3}
FIX=${BENCH_FIX:-0}
VET=${BENCH_VET:-1}
MODES="floor ctxlint"
[[ $VET == 0 ]] || MODES+=" vetfloor vetctxlint"
[[ $FIX != 1 ]] || MODES+=" fix"
[[ ${BENCH_WHOLE:-0} != 1 ]] || MODES+=" whole"
DEPTH=${BENCH_DEPTH:-6}
CLUSTER=${BENCH_CLUSTER:-8}
FILLERS=${BENCH_FILLERS:-8}
WORK=${BENCH_WORK:-$(mktemp -d "${TMPDIR:-/tmp}/ctxlint-bench.XXXXXX")}
mkdir -p "$WORK"
WORK=$(cd "$WORK" && pwd)
export GOCACHE=${BENCH_GOCACHE:-$WORK/gocache}
export GOWORK=off GOFLAGS= GOTOOLCHAIN=local
MODULE=bench.example/synth
BIN=$WORK/bin
RESULTS=$WORK/results.txt

cleanup() {
	if [[ ${BENCH_KEEP:-0} != 1 ]]; then
		chmod -R u+w "$WORK" 2>/dev/null || true
		rm -rf "$WORK"
	fi
}
trap cleanup EXIT

say() { printf '%s\n' "$*" | tee -a "$RESULTS"; }
die() {
	echo "bench: $*" >&2
	exit 1
}

# GNU time for wall time and peak RSS; installed if missing (Debian), else
# wall time only.
TIME_BIN=/usr/bin/time
if ! { [[ -x $TIME_BIN ]] && $TIME_BIN -f %e true >/dev/null 2>&1; }; then
	if command -v apt-get >/dev/null && [[ $(id -u) == 0 ]]; then
		echo "bench: /usr/bin/time missing: apt-get install -y time" >&2
		apt-get install -y time >/dev/null 2>&1 || { apt-get update >/dev/null 2>&1 && apt-get install -y time >/dev/null 2>&1; } || true
	fi
	if ! { [[ -x $TIME_BIN ]] && $TIME_BIN -f %e true >/dev/null 2>&1; }; then
		echo "bench: no GNU time: wall time only, no RSS" >&2
		TIME_BIN=
	fi
fi

# timed LOG CMD...: runs CMD in $MOD; prints "wall_s rss_kb exit_status
# cpu_s" (cpu_s, user plus system time, is NA without GNU time).
timed() {
	local log=$1 rc=0
	shift
	if [[ -n $TIME_BIN ]]; then
		(cd "$MOD" && exec "$TIME_BIN" -f '%e %M %U %S' -o "$WORK/time.out" "$@") >"$log.out" 2>"$log.err" || rc=$?
		tail -n1 "$WORK/time.out" | awk -v rc="$rc" '{printf "%s %s %s %.2f\n", $1, $2, rc, $3 + $4}'
	else
		local t0 t1
		t0=$(date +%s%N)
		(cd "$MOD" && exec "$@") >"$log.out" 2>"$log.err" || rc=$?
		t1=$(date +%s%N)
		echo "$(awk -v a="$t0" -v b="$t1" 'BEGIN{printf "%.2f", (b-a)/1e9}') 0 $rc NA"
	fi
}

# check LOG STATUS OK...: fails when STATUS is not one of OK or the tool
# crashed.
check() {
	local log=$1 st=$2
	shift 2
	if grep -qE '^panic:|internal error|fatal error:|^go: |cannot find|no required module' "$log.err"; then
		tail -20 "$log.err" >&2
		die "$log failed (exit $st)"
	fi
	for ok in "$@"; do
		[[ $st == "$ok" ]] && return 0
	done
	tail -20 "$log.err" >&2
	die "$log: exit status $st, want one of $*"
}

# vettool NAME: a copy of $BIN/NAME with a new build ID, so that go vet
# recomputes every vet action.
VT_SEQ=0
vettool() {
	VT_SEQ=$((VT_SEQ + 1))
	local t=$WORK/vt/$1-$VT_SEQ
	mkdir -p "$WORK/vt"
	rm -f "$WORK"/vt/"$1"-*
	cp "$BIN/$1" "$t"
	printf '\nctxlint bench nonce %s %s\n' "$VT_SEQ" "$(date +%s%N)" >>"$t"
	echo "$t"
}

median() { tr ' ' '\n' | grep -v '^$' | sort -g | awk '{a[NR]=$1} END{if(NR==0){print "NA"} else if(NR%2){print a[(NR+1)/2]} else {printf "%.2f\n", (a[NR/2]+a[NR/2+1])/2}}'; }
ratio() { awk -v a="$1" -v b="$2" 'BEGIN{ if (a=="NA"||b=="NA"||b==0) print "NA"; else printf "%.2f", a/b }'; }
mb() { awk -v k="$1" 'BEGIN{ if (k=="NA"||k==0) print "NA"; else printf "%.0f", k/1024 }'; }

command -v go >/dev/null || die "go not found"
mkdir -p "$BIN"
: >"$RESULTS"
(cd "$ROOT" && go build -o "$BIN/ctxlint" ./cmd/ctxlint && go build -o "$BIN/noop" ./bench/noop && go build -o "$BIN/gen" ./bench/gen &&
	go build -o "$BIN/analyzetime" ./bench/analyzetime && go build -o "$BIN/fixtime" ./bench/fixtime) ||
	die "building the tools"

say "ctxlint benchmark: $(go version | cut -d' ' -f3-) on $(nproc) cores; $(date -u +%FT%TZ); repo $(git -C "$ROOT" rev-parse --short HEAD 2>/dev/null || echo '?')$(git -C "$ROOT" diff --quiet 2>/dev/null || echo '+changes')"
say "sizes: $SIZES; runs: $RUNS (median); modes: $MODES; depth $DEPTH, cluster $CLUSTER, fillers $FILLERS; GOCACHE $GOCACHE; work $WORK"
say "load average at start: $(cut -d' ' -f1-3 /proc/loadavg 2>/dev/null || echo '?')"
[[ -n $TIME_BIN ]] || say "no GNU time: RSS not measured"

declare -A WALL RSS CPU FIND FIXSUM FIXDIFF FIXCG
SIZES_DONE=()
for N in $SIZES; do
	runs_var=BENCH_RUNS_$N
	R=${!runs_var:-$RUNS}
	MOD=$WORK/mod-$N
	rm -rf "$MOD"
	genout=$("$BIN/gen" -n "$N" -depth "$DEPTH" -cluster "$CLUSTER" -fillers "$FILLERS" -replace "$ROOT" -out "$MOD") || die "gen -n $N"
	say ""
	say "== N=$N: $genout"
	LOGS=$WORK/logs-$N
	mkdir -p "$LOGS"

	# Warm-up, untimed: compile everything (go vet's build cache), fill the
	# page cache, and run each tool once.
	t0=$(date +%s)
	(cd "$MOD" && go build ./...) >"$LOGS/build.out" 2>&1 || { tail -20 "$LOGS/build.out" >&2; die "the generated module does not build"; }
	read -r _ _ st _ < <(timed "$LOGS/warm-floor" "$BIN/noop" ./...)
	check "$LOGS/warm-floor" "$st" 0
	read -r _ _ st _ < <(timed "$LOGS/warm-ctxlint" "$BIN/ctxlint" ./...)
	check "$LOGS/warm-ctxlint" "$st" 0 3
	if [[ $VET != 0 ]]; then
		read -r _ _ st _ < <(timed "$LOGS/warm-vetfloor" go vet -vettool="$(vettool noop)" ./...)
		check "$LOGS/warm-vetfloor" "$st" 0
		read -r _ _ st _ < <(timed "$LOGS/warm-vetctxlint" go vet -vettool="$(vettool ctxlint)" ./...)
		check "$LOGS/warm-vetctxlint" "$st" 0 1
	fi
	if [[ ${BENCH_WHOLE:-0} == 1 ]]; then
		read -r _ _ st _ < <(timed "$LOGS/warm-whole" "$BIN/ctxlint" -whole-program ./...)
		check "$LOGS/warm-whole" "$st" 0 3
	fi
	if [[ $FIX == 1 ]]; then
		# -diff writes nothing: the module must stay as generated.
		modsum() { (cd "$MOD" && find . -name '*.go' -o -name go.mod | LC_ALL=C sort | xargs md5sum | md5sum | cut -d' ' -f1); }
		sum0=$(modsum)
		read -r _ _ st _ < <(timed "$LOGS/warm-fix" "$BIN/ctxlint" -fix -diff ./...)
		check "$LOGS/warm-fix" "$st" 0 3
	fi
	say "warm-up (build + one run of each, untimed): $(($(date +%s) - t0)) s; load average $(cut -d' ' -f1-3 /proc/loadavg 2>/dev/null || echo '?')"

	for mode in $MODES; do
		WALL[$N,$mode]="" RSS[$N,$mode]=""
	done
	for ((r = 1; r <= R; r++)); do
		for mode in $MODES; do
			case $mode in
			floor) cmd=("$BIN/noop" ./...) ok=(0) ;;
			ctxlint) cmd=("$BIN/ctxlint" ./...) ok=(0 3) ;;
			vetfloor) cmd=(go vet -vettool="$(vettool noop)" ./...) ok=(0) ;;
			vetctxlint) cmd=(go vet -vettool="$(vettool ctxlint)" ./...) ok=(0 1) ;;
			# CTXLINT_DEBUG=timing: a few lines on stderr, the call graph's
			# and each whole-program round's time, per pass.
			fix) cmd=(env CTXLINT_DEBUG=timing "$BIN/ctxlint" -fix -diff ./...) ok=(0 3) ;;
			whole) cmd=("$BIN/ctxlint" -whole-program ./...) ok=(0 3) ;;
			esac
			read -r wall rss st cpu < <(timed "$LOGS/$mode-$r" "${cmd[@]}")
			check "$LOGS/$mode-$r" "$st" "${ok[@]}"
			WALL[$N,$mode]+=" $wall"
			RSS[$N,$mode]+=" $rss"
			out=err
			[[ $mode != whole ]] || out=out # -whole-program reports on stdout
			FIND[$N,$mode]=$(grep -c 'without the health deadline' "$LOGS/$mode-$r.$out" || true)
		done
	done
	if [[ $FIX == 1 ]]; then
		# The last run's diff and summary; the findings column of -fix is
		# the functions it would give a ctx.
		flog=$LOGS/fix-$R
		FIXSUM[$N]=$(grep -m1 '^ctxlint: would rewrite' "$flog.err" | sed 's/^ctxlint: //' || true)
		FIND[$N,fix]=$(sed -n 's/^would rewrite \([0-9]*\) functions.*/\1/p' <<<"${FIXSUM[$N]}")
		# Go durations (1m2.5s, 9.16s, 107.7ms, 950µs) in seconds, summed.
		FIXCG[$N]=$(awk '
			function secs(d,   t, v, u) {
				t = 0
				while (match(d, /^[0-9.]+/)) {
					v = substr(d, 1, RLENGTH) + 0; d = substr(d, RLENGTH + 1)
					match(d, /^[^0-9.]+/); u = substr(d, 1, RLENGTH); d = substr(d, RLENGTH + 1)
					if (u == "h") t += v * 3600
					else if (u == "m") t += v * 60
					else if (u == "s") t += v
					else if (u == "ms") t += v / 1e3
					else if (u == "ns") t += v / 1e9
					else t += v / 1e6
				}
				return t
			}
			/^ctxlint: call graph: / { p++; cg += secs($NF) }
			/^ctxlint: round [0-9]+: / { r++; d = $4; sub(/,$/, "", d); rt += secs(d); an += $5 }
			END { printf "%d passes: call graph %.1f s, %d whole-program rounds %.1f s (%d package analyses, the others replayed)", p, cg, r, rt, an }' "$flog.err")
		FIXDIFF[$N]=$(awk '/^--- a\//{f++; next} /^\+\+\+ b\//{next} /^\+/{a++} /^-/{d++} END{printf "%d lines (+%d -%d) in %d files", NR, a, d, f}' "$flog.out")
		for ((r = 1; r <= R; r++)); do
			cmp -s "$flog.out" "$LOGS/fix-$r.out" || FIXDIFF[$N]+=" (run $r printed a different diff)"
		done
		[[ $(modsum) == "$sum0" ]] || die "ctxlint -fix -diff changed the module at N=$N"
		[[ -s $flog.out ]] || FIXDIFF[$N]+=" (EMPTY: nothing to rewrite, -fix is timed for nothing)"
	fi

	# .vetx bytes per package, untimed: a wrapper logs the size of the facts
	# file go vet asks each tool to write.
	cat >"$WORK/vetx-wrap.sh" <<'EOF'
#!/usr/bin/env bash
last=${!#}
if [[ $# -ge 1 && $last == *vet.cfg ]]; then
	"$VETX_REAL" "$@"
	rc=$?
	ip=$(sed -n 's/^\t"ImportPath": "\(.*\)",\{0,1\}$/\1/p' "$last")
	out=$(sed -n 's/^\t"VetxOutput": "\(.*\)",\{0,1\}$/\1/p' "$last")
	echo "$ip $(stat -c %s "$out" 2>/dev/null || echo -1)" >>"$VETX_LOG"
	exit $rc
fi
exec "$VETX_REAL" "$@"
EOF
	chmod +x "$WORK/vetx-wrap.sh"
	declare -A VETX
	VETX[noop]="NA NA NA 0" VETX[ctxlint]="NA NA NA 0"
	[[ $VET == 0 ]] || for tool in noop ctxlint; do
		: >"$LOGS/vetx-$tool.log"
		(cd "$MOD" && VETX_REAL=$(vettool "$tool") VETX_LOG="$LOGS/vetx-$tool.log" go vet -vettool="$WORK/vetx-wrap.sh" ./...) >/dev/null 2>&1 || true
		VETX[$tool]=$(awk -v pre="$MODULE/p/" 'index($1, pre) == 1 && $2 >= 0 { print $2 }' "$LOGS/vetx-$tool.log" | sort -n |
			awk '{ n++; s += $1; v[n] = $1 } END { if (n == 0) print "NA NA NA 0"; else printf "%.0f %d %d %d\n", s / n, v[int((n + 1) / 2)], v[n], n }')
	done

	say ""
	say "$(printf '%6s  %-36s %10s %10s %9s %9s %9s   %s' N mode wall_s rss_MB x_wall x_rss findings 'wall samples')"
	for mode in $MODES; do
		case $mode in
		floor) label="floor: noop ./..." base=floor ;;
		ctxlint) label="ctxlint ./..." base=floor ;;
		vetfloor) label="vet floor: go vet -vettool=noop" base=vetfloor ;;
		vetctxlint) label="go vet -vettool=ctxlint" base=vetfloor ;;
		fix) label="ctxlint -fix -diff ./..." base=floor ;;
		whole) label="ctxlint -whole-program (x: of ctxlint)" base=ctxlint ;;
		esac
		w=$(median <<<"${WALL[$N,$mode]}")
		m=$(median <<<"${RSS[$N,$mode]}")
		wb=$(median <<<"${WALL[$N,$base]}")
		mbase=$(median <<<"${RSS[$N,$base]}")
		WALL[$N,$mode.med]=$w RSS[$N,$mode.med]=$m
		say "$(printf '%6s  %-36s %10s %10s %9s %9s %9s  %s' "$N" "$label" "$w" "$(mb "$m")" "$(ratio "$w" "$wb")" "$(ratio "$m" "$mbase")" "${FIND[$N,$mode]}" "${WALL[$N,$mode]}")"
	done
	read -r cm cmed cmax cn <<<"${VETX[ctxlint]}"
	read -r nm _ _ _ <<<"${VETX[noop]}"
	[[ $VET == 0 ]] || say "$(printf '%6s  .vetx bytes/pkg (go vet, %s module packages): ctxlint mean %s, median %s, max %s; noop mean %s' "$N" "$cn" "$cm" "$cmed" "$cmax" "$nm")"
	if [[ $FIX == 1 ]]; then
		say "$(printf '%6s  -fix -diff (last run): diff %s; %s' "$N" "${FIXDIFF[$N]}" "${FIXSUM[$N]:-no summary line (see $LOGS/fix-$R.err)}")"
		say "$(printf '%6s  -fix -diff (last run, CTXLINT_DEBUG=timing): %s; the rest is loading (once per pass), plan, apply, type-check and diff' "$N" "${FIXCG[$N]}")"
		if [[ ${BENCH_FIXTIME:-0} == 1 ]]; then
			(cd "$MOD" && CTXLINT_DEBUG=timing "$BIN/fixtime" .) >"$LOGS/fixtime.out" 2>&1 || { tail -20 "$LOGS/fixtime.out" >&2; die "fixtime on N=$N"; }
			say "$(printf '%6s  fixtime (stages of -fix, one untimed run; analyze = call graph + rounds + stuck paths, timed by CTXLINT_DEBUG=timing):' "$N")"
			sed 's/^/        /' "$LOGS/fixtime.out" | tee -a "$RESULTS"
		fi
	fi
	# ctxlint's analysis alone, the load done once (untimed): the part of
	# the difference above that is ctxlint's, without the load's noise.
	at=$(cd "$MOD" && "$BIN/analyzetime" -runs "$R" .) || die "analyzetime on N=$N"
	say "$(printf '%6s  %s' "$N" "$at")"
	say "load average after N=$N: $(cut -d' ' -f1-3 /proc/loadavg 2>/dev/null || echo '?')"
	SIZES_DONE+=("$N")

	if [[ ${BENCH_KEEP:-0} != 1 ]]; then
		rm -rf "$WORK/vt"
	fi
done

# Targets (issue 14): at the largest size, ctxlint <= 1.2x the floor's wall
# and <= 1.3x its peak RSS, go vet -vettool=ctxlint <= 1.15x the no-op
# vettool's wall; the ratio at the largest size within 10% of the ratio at
# the next.
n=${#SIZES_DONE[@]}
if ((n > 0)); then
	big=${SIZES_DONE[$((n - 1))]}
	say ""
	say "targets (standalone ctxlint against its floor; go vet against its own):"
	verdict() { awk -v v="$1" -v lim="$2" 'BEGIN{ if (v=="NA") print "n/a"; else if (v+0 <= lim+0) print "MET"; else print "NOT MET" }'; }
	rw=$(ratio "${WALL[$big,ctxlint.med]:-NA}" "${WALL[$big,floor.med]:-NA}")
	rm_=$(ratio "${RSS[$big,ctxlint.med]:-NA}" "${RSS[$big,floor.med]:-NA}")
	vw=$(ratio "${WALL[$big,vetctxlint.med]:-NA}" "${WALL[$big,vetfloor.med]:-NA}")
	vm=$(ratio "${RSS[$big,vetctxlint.med]:-NA}" "${RSS[$big,vetfloor.med]:-NA}")
	say "  wall  ctxlint/floor at N=$big: $rw (target <= 1.20): $(verdict "$rw" 1.20)"
	say "  RSS   ctxlint/floor at N=$big: $rm_ (target <= 1.30): $(verdict "$rm_" 1.30)"
	say "  vet   go vet -vettool=ctxlint / no-op vettool at N=$big: wall $vw (target <= 1.15): $(verdict "$vw" 1.15), RSS $vm"
	if ((n >= 2)); then
		prev=${SIZES_DONE[$((n - 2))]}
		rp=$(ratio "${WALL[$prev,ctxlint.med]:-NA}" "${WALL[$prev,floor.med]:-NA}")
		vp=$(ratio "${WALL[$prev,vetctxlint.med]:-NA}" "${WALL[$prev,vetfloor.med]:-NA}")
		drift=$(awk -v a="$rw" -v b="$rp" 'BEGIN{ if (a=="NA"||b=="NA"||b==0) print "NA"; else printf "%.1f", (a/b-1)*100 }')
		vdrift=$(awk -v a="$vw" -v b="$vp" 'BEGIN{ if (a=="NA"||b=="NA"||b==0) print "NA"; else printf "%.1f", (a/b-1)*100 }')
		absd=$(awk -v d="$drift" 'BEGIN{ if (d=="NA") print "NA"; else print (d < 0 ? -d : d) }')
		say "  growth: ratio $rw at N=$big vs $rp at N=$prev: ${drift}% (target within 10%): $(verdict "$absd" 10)   [vet: $vw vs $vp, ${vdrift}%]"
		# The floor has a fixed part (loading the standard library), so the
		# ratio grows with N even when ctxlint's own cost is linear in N: show
		# that cost per package too. It is a difference of two noisy medians,
		# so at small N it is noisy itself.
		perpkg() { awk -v c="$1" -v f="$2" -v n="$3" 'BEGIN{ if (c=="NA"||f=="NA"||n==0) print "NA"; else printf "%.2f", (c-f)*1000/n }'; }
		say "  ctxlint's own wall time per package ((ctxlint - floor) / N): $(perpkg "${WALL[$prev,ctxlint.med]:-NA}" "${WALL[$prev,floor.med]:-NA}" "$prev") ms at N=$prev, $(perpkg "${WALL[$big,ctxlint.med]:-NA}" "${WALL[$big,floor.med]:-NA}" "$big") ms at N=$big"
	fi

	if [[ ${BENCH_WHOLE:-0} == 1 ]]; then
		for n_ in "${SIZES_DONE[@]}"; do
			ww=$(ratio "${WALL[$n_,whole.med]}" "${WALL[$n_,ctxlint.med]}")
			wm=$(ratio "${RSS[$n_,whole.med]}" "${RSS[$n_,ctxlint.med]}")
			say "  whole ctxlint -whole-program/ctxlint at N=$n_: wall $ww (${WALL[$n_,whole.med]} s / ${WALL[$n_,ctxlint.med]} s), RSS $wm ($(mb "${RSS[$n_,whole.med]}") / $(mb "${RSS[$n_,ctxlint.med]}") MB) (target <= 2.00): wall $(verdict "$ww" 2.00), RSS $(verdict "$wm" 2.00)"
		done
	fi
	if [[ $FIX == 1 ]]; then
		for n_ in "${SIZES_DONE[@]}"; do
			fw=$(ratio "${WALL[$n_,fix.med]}" "${WALL[$n_,floor.med]}")
			fm=$(ratio "${RSS[$n_,fix.med]}" "${RSS[$n_,floor.med]}")
			say "  -fix  ctxlint -fix -diff/floor at N=$n_: wall $fw (${WALL[$n_,fix.med]} s / ${WALL[$n_,floor.med]} s), RSS $fm ($(mb "${RSS[$n_,fix.med]}") / $(mb "${RSS[$n_,floor.med]}") MB) (target <= 2.00): wall $(verdict "$fw" 2.00), RSS $(verdict "$fm" 2.00)"
		done
	fi

	if [[ ${BENCH_PROFILE:-0} == 1 ]]; then
		MOD=$WORK/mod-$big
		prof=$WORK/ctxlint-$big.prof
		(cd "$MOD" && "$BIN/ctxlint" -cpuprofile="$prof" ./...) >/dev/null 2>&1 || true
		say ""
		say "CPU profile of ctxlint ./... at N=$big (untimed run): $prof"
		go tool pprof -top -nodecount=25 "$BIN/ctxlint" "$prof" 2>/dev/null | sed -n '1,35p' | tee -a "$RESULTS"
		say ""
		say "cumulative, ctxlint's own code:"
		go tool pprof -top -cum -nodecount=400 "$BIN/ctxlint" "$prof" 2>/dev/null | grep -E 'ctxlint/(analyzers|internal)' | head -15 | tee -a "$RESULTS"
		if [[ $FIX == 1 ]]; then
			prof=$WORK/fixtime-$big.prof
			(cd "$MOD" && "$BIN/fixtime" -cpuprofile="$prof" .) >/dev/null 2>&1 || true
			say ""
			say "CPU profile of -fix's passes (bench/fixtime) at N=$big (untimed run): $prof"
			go tool pprof -top -cum -nodecount=400 "$BIN/fixtime" "$prof" 2>/dev/null | grep -E 'ctxlint/(analyzers|internal|rewrite)|x/tools/go/(packages|ssa|callgraph)|dave/dst' | head -25 | tee -a "$RESULTS"
		fi
	fi
fi # n > 0

# A real tree, measured in place (the tools write nothing there): its
# modules are downloaded and every tool runs once untimed, then R runs of
# each, interleaved. The floor is the same load for both modes; the vet
# modes (BENCH_VET) compare go vet -vettool=ctxlint with a no-op vettool.
# measure_tree NAME DIR [FLAG...]: FLAGs go to ctxlint (-ctxprop.monitored
# for an agent without the health runtime). FIXFLAGS, if set, go to -fix
# alone (-fix.timeout for an agent's periodic loop, as bench/realworld
# runs it).
measure_tree() {
	local name=$1 mod=$2 r t0 st wall rss cpu w m c wb mbase cb cbv label vb
	shift 2
	local flags=("$@")
	local fixflags=(${FIXFLAGS:-})
	R=${BENCH_RUNS_REALDEPS:-$RUNS}
	MOD=$mod
	LOGS=$WORK/logs-$name
	mkdir -p "$LOGS"
	t0=$(date +%s)
	(cd "$MOD" && go mod download) >"$LOGS/download.out" 2>&1 || { tail -20 "$LOGS/download.out" >&2; die "$name: go mod download failed (it needs the Go module proxy)"; }
	npkg=$(cd "$MOD" && go list ./... | wc -l)
	ndeps=$(cd "$MOD" && go list -deps ./... | wc -l)
	say ""
	say "== $name: $MOD: $npkg packages, $ndeps with their dependencies; go mod download $(($(date +%s) - t0)) s"
	t0=$(date +%s)
	RMODES="floor ctxlint whole"
	[[ $FIX == 1 ]] && RMODES+=" fix"
	[[ $VET == 0 ]] || RMODES+=" vetfloor vetctxlint"
	for mode in $RMODES; do
		tree_cmd "$mode"
		read -r _ _ st _ < <(timed "$LOGS/warm-$mode" "${cmd[@]}")
		check "$LOGS/warm-$mode" "$st" "${ok[@]}"
		WALL[$name,$mode]="" RSS[$name,$mode]="" CPU[$name,$mode]=""
	done
	say "warm-up (one run of each, untimed): $(($(date +%s) - t0)) s; load average $(cut -d' ' -f1-3 /proc/loadavg 2>/dev/null || echo '?')"
	for ((r = 1; r <= R; r++)); do
		for mode in $RMODES; do
			tree_cmd "$mode"
			read -r wall rss st cpu < <(timed "$LOGS/$mode-$r" "${cmd[@]}")
			check "$LOGS/$mode-$r" "$st" "${ok[@]}"
			WALL[$name,$mode]+=" $wall"
			RSS[$name,$mode]+=" $rss"
			CPU[$name,$mode]+=" $cpu"
			# Plain runs report on stderr, -whole-program on stdout.
			FIND[$name,$mode]=$(cat "$LOGS/$mode-$r.out" "$LOGS/$mode-$r.err" | grep -c 'without the health deadline' || true)
		done
	done
	say ""
	say "$(printf '%8s  %-36s %10s %10s %9s %9s %9s %9s   %s' tree mode wall_s rss_MB x_wall x_rss x_cpu findings 'wall samples')"
	wb=$(median <<<"${WALL[$name,floor]}")
	mbase=$(median <<<"${RSS[$name,floor]}")
	cb=$(median <<<"${CPU[$name,floor]}")
	for mode in $RMODES; do
		vb=$wb
		case $mode in
		floor) label="floor: noop ./..." ;;
		ctxlint) label="ctxlint ./..." ;;
		whole) label="ctxlint -whole-program ./..." ;;
		fix) label="ctxlint -fix -diff ./..." ;;
		vetfloor) label="vet floor: go vet -vettool=noop" cbv=$(median <<<"${CPU[$name,vetfloor]}") ;;
		vetctxlint) label="go vet -vettool=ctxlint" vb=$(median <<<"${WALL[$name,vetfloor]}") cbv=$(median <<<"${CPU[$name,vetfloor]}") ;;
		esac
		w=$(median <<<"${WALL[$name,$mode]}")
		m=$(median <<<"${RSS[$name,$mode]}")
		c=$(median <<<"${CPU[$name,$mode]}")
		if [[ $mode == vet* ]]; then
			# Against the vet floor; RSS is the largest process's, not comparable.
			say "$(printf '%8s  %-36s %10s %10s %9s %9s %9s %9s  %s' "$name" "$label" "$w" "$(mb "$m")" "$(ratio "$w" "$vb")" NA "$(ratio "$c" "${cbv:-$cb}")" "${FIND[$name,$mode]}" "${WALL[$name,$mode]}")"
			continue
		fi
		say "$(printf '%8s  %-36s %10s %10s %9s %9s %9s %9s  %s' "$name" "$label" "$w" "$(mb "$m")" "$(ratio "$w" "$wb")" "$(ratio "$m" "$mbase")" "$(ratio "$c" "$cb")" "${FIND[$name,$mode]}" "${WALL[$name,$mode]}")"
	done
	say "  whole program / per package: wall $(ratio "$(median <<<"${WALL[$name,whole]}")" "$(median <<<"${WALL[$name,ctxlint]}")"), RSS $(ratio "$(median <<<"${RSS[$name,whole]}")" "$(median <<<"${RSS[$name,ctxlint]}")") (target <= 1.5)"
	if [[ $FIX == 1 ]]; then
		w=$(median <<<"${WALL[$name,fix]}")
		m=$(median <<<"${RSS[$name,fix]}")
		say "  fix / floor: wall $(ratio "$w" "$wb"), RSS $(ratio "$m" "$mbase") (target <= 3); fix / whole program: wall $(ratio "$w" "$(median <<<"${WALL[$name,whole]}")"), RSS $(ratio "$m" "$(median <<<"${RSS[$name,whole]}")") (target <= 2)"
		say "  fix: $(grep 'would rewrite' "$LOGS/fix-$R.err" | sed -E 's/ \([0-9hm.]+s\)$//' || echo 'no summary line'); $(wc -l <"$LOGS/fix-$R.out") diff lines"
		if [[ $name == realdeps ]]; then
			[[ -z $(cd "$MOD" && git status --porcelain -- . 2>/dev/null) ]] || die "bench/realdeps: ctxlint -fix -diff changed files"
		fi
	fi
}

# tree_cmd MODE sets cmd and ok (the exit codes that are no failure) for
# measure_tree's current tree.
tree_cmd() {
	case $1 in
	floor) cmd=("$BIN/noop" ./...) ok=(0) ;;
	ctxlint) cmd=("$BIN/ctxlint" "${flags[@]}" ./...) ok=(0 3) ;;
	whole) cmd=("$BIN/ctxlint" -whole-program "${flags[@]}" ./...) ok=(0 3) ;;
	fix) cmd=("$BIN/ctxlint" -fix -diff "${flags[@]}" ${fixflags[@]+"${fixflags[@]}"} ./...) ok=(0 3) ;;
	vetfloor) cmd=(go vet -vettool="$(vettool noop)" ./...) ok=(0) ;;
	vetctxlint) cmd=(go vet -vettool="$(vettool ctxlint)" "${flags[@]}" ./...) ok=(0 1) ;;
	esac
}

if [[ ${BENCH_REALDEPS:-0} == 1 ]]; then
	measure_tree realdeps "$ROOT/bench/realdeps"
	say "(findings: the reports of the last run; bench/realdeps/expected.txt and expected-whole.txt pin them, GAPS.md says which are wrong or missing)"
fi
# The real agents of bench/realworld, when their checkouts are given: each
# with its loop named, as the realworld scripts run them.
# Their loops are periodic: -fix bounds each iteration by -fix.timeout.
if [[ -n ${BENCH_TELEGRAF_DIR:-} ]]; then
	FIXFLAGS=-fix.timeout=10s measure_tree telegraf "$BENCH_TELEGRAF_DIR" '-ctxprop.monitored=(*github.com/influxdata/telegraf/agent.Agent).gatherLoop'
fi
if [[ -n ${BENCH_GODPLUGIN_DIR:-} ]]; then
	FIXFLAGS=-fix.timeout=10s measure_tree godplugin "$BENCH_GODPLUGIN_DIR" '-ctxprop.monitored=(*github.com/netdata/go.d.plugin/agent/module.Job).Start'
fi
say ""
say "results: $RESULTS$([[ ${BENCH_KEEP:-0} == 1 ]] || echo ' (removed with the work directory: set BENCH_KEEP=1 to keep)')"
