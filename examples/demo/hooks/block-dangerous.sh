#!/bin/sh
# A BeforeTool hook: reads the event JSON on stdin and blocks (exit 2, the
# reason on stderr) shell commands that are almost never what you want an
# agent to run. Anything else passes silently (exit 0, no output).
input=$(cat)
command=$(printf '%s' "$input" | sed -n 's/.*"command":"\(\([^"\\]\|\\.\)*\)".*/\1/p')

case "$command" in
*"rm -rf /"* | *"rm -rf ~"* | *"rm -fr /"* | *"rm -rf \$HOME"*)
	echo "refusing to run '$command': recursive delete of / or the home directory" >&2
	exit 2
	;;
*sudo\ *)
	echo "refusing to run '$command': sudo is not allowed for the agent" >&2
	exit 2
	;;
*"curl "*"| sh"* | *"curl "*"|sh"* | *"curl "*"| bash"*)
	echo "refusing to run '$command': piping a download into a shell" >&2
	exit 2
	;;
esac
exit 0
