#!/usr/bin/env bash
# Fires the example config (examples/demo/hooks.json) at three BeforeTool
# events: a dangerous `rm -rf /` and a `git reset --hard` hidden in `sh -c`
# that the built-in guard (a rules hook of hookexec:default) blocks, and a
# harmless `ls` that passes. Usage: scripts/demo.sh [path/to/hookexec]
set -u
bin=${1:-bin/hookexec}
cd "$(dirname "$0")/.."
config=examples/demo/hooks.json
# hookexec reads a config only if no one else can write it (SPEC §2.4); a
# checkout made with umask 002 is group-writable.
chmod go-w "$config"
# The demo's blocks are not yours: keep them out of your decision log
# (docs/audit.md), which 'hookexec log' reads.
export HOOKEXEC_AUDIT=off
err=$(mktemp) || exit 1
trap 'rm -f "$err"' EXIT

# Each event with the exit status it must get: 2 (blocked), 0 (proceed).
status=0
for pair in examples/demo/events/rm-rf.json:2 examples/demo/events/git-reset.json:2 examples/demo/events/ls.json:0; do
	ev=${pair%:*} want=${pair##*:}
	echo "================================================================"
	echo "\$ $bin fire BeforeTool --config $config < $ev"
	echo "# event: $(tr -d '\n' < "$ev")"
	"$bin" fire BeforeTool --config "$config" < "$ev" 2>"$err"
	code=$?
	echo "# exit status: $code ($( [ $code -eq 2 ] && echo blocked || echo proceed ))"
	if [ -s "$err" ]; then echo "# stderr: $(cat "$err")"; fi
	if [ "$code" -ne "$want" ]; then
		echo "# demo failed: expected exit status $want" >&2
		status=1
	fi
done
exit $status
