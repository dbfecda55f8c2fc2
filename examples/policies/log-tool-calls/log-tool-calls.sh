#!/bin/sh
# log-tool-calls: a BeforeTool/AfterTool hook that appends every tool call
# event to a JSON Lines file, one event per line: the event JSON exactly as
# hookexec sends it (session_id, timestamp, hook_event_name, tool_name,
# tool_input, and for AfterTool tool_response). It never blocks and prints
# nothing; if the file cannot be written it exits 1, which hookexec reports
# as a non-blocking warning.
#
# The file is $HOOKEXEC_TOOL_LOG, else
# ${XDG_STATE_HOME:-~/.local/state}/hookexec/tool-log.jsonl. Not under the
# project's .hookexec/: a new file there untrusts the project (hookexec
# trust pins every file under .hookexec/).
# Line breaks between JSON tokens are removed (line breaks inside JSON
# strings are always escaped), so every event is one line even when an agent
# sends indented JSON. Each event is written with one write when it is
# smaller than the pipe buffer (4 KiB or more), so concurrent sessions do not
# interleave their lines; bigger events (a large file written by the agent)
# may.

state=${XDG_STATE_HOME:-${HOME:-.}/.local/state}
log=${HOOKEXEC_TOOL_LOG:-$state/hookexec/tool-log.jsonl}

if ! mkdir -p -- "$(dirname -- "$log")" 2>/dev/null; then
	cat >/dev/null
	echo "log-tool-calls: cannot create the directory of $log" >&2
	exit 1
fi
if ! { tr -d '\r\n'; echo; } >>"$log" 2>/dev/null; then
	echo "log-tool-calls: cannot append to $log" >&2
	exit 1
fi
