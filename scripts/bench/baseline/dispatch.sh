#!/usr/bin/env bash
# A hand-written hook dispatcher, the kind people write before they reach for
# a tool: jq reads the config and lists the commands of the hooks whose
# matcher fits the event's tool_name, then bash runs each of them in turn
# with the event on stdin. Exit 2 (and the hook's stderr) if one exits 2,
# else print {}.
#
#   dispatch.sh CONFIG EVENT < event.json
#
# Only what the benchmark config needs: native matchers read as anchored
# regular expressions ("", "*" and absent match everything), no aliases,
# commands without newlines.
set -u
config=$1
event=$2
input=$(cat)
tool=$(jq -r '.tool_name // ""' <<<"$input")
mapfile -t commands < <(jq -r --arg ev "$event" --arg tool "$tool" '
	(.hooks[$ev] // [])[]
	| select((.matcher // "") as $m | $m == "" or $m == "*" or ($tool | test("^(" + $m + ")$")))
	| .hooks[].command' "$config")
for command in "${commands[@]}"; do
	err=$(bash -c "$command" <<<"$input" 2>&1 >/dev/null)
	if [ $? -eq 2 ]; then
		printf '%s\n' "$err" >&2
		echo '{"decision":"deny"}'
		exit 2
	fi
done
echo '{}'
