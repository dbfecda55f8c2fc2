#!/bin/sh
# protect-paths: a BeforeTool hook for file-writing tools (matcher
# "@write|@edit": Claude Code's Write/Edit/MultiEdit/NotebookEdit, Gemini
# CLI's write_file/replace, and every other agent's). It denies writes to
# files an agent should not touch:
#
#   - .env files (.env, .env.local, prod.env; not .env.example/.sample/.template)
#   - anything inside a .git directory
#   - anything inside a secrets/ or .secrets/ directory
#   - key material: *.pem, *.key, *.p12, *.pfx, id_rsa, id_ecdsa, id_ed25519
#   - the shell patterns in $HOOKEXEC_PROTECTED_PATHS (":"-separated, matched
#     against the path as given and against its file name), e.g.
#     "*.lock:migrations/*"
#
# The path is the first of the normalized view's paths (hookexec gives a
# native hook the view), else tool_input.file_path, notebook_path or path. A denied write prints {"decision":"deny","reason":...}
# (exit 0); anything else passes silently. POSIX sh and sed; no jq.

input=$(cat)

# json_string KEY: the value of the last "KEY": "..." string of the compact
# JSON on stdin, still escaped (so it can be copied into JSON output as is).
json_string() {
	sed -n -E 's/.*"'"$1"'"[[:space:]]*:[[:space:]]*"(([^"\\]|\\.)*)".*/\1/p'
}

# unescape: JSON string escapes to characters (\uXXXX is left alone).
unescape() {
	soh=$(printf '\001')
	sed -e "s/\\\\\\\\/$soh/g" -e 's/\\"/"/g' -e 's/\\\//\//g' -e "s/$soh/\\\\/g"
}

# The first of the normalized view's paths (its "hookexec" key, the last of
# the input: the same for every agent), else the tool input's own keys.
raw=$(printf '%s\n' "$input" | sed -n -E 's/.*"hookexec"[[:space:]]*:[[:space:]]*\{.*"paths"[[:space:]]*:[[:space:]]*\[[[:space:]]*"(([^"\\]|\\.)*)".*/\1/p')
for key in file_path notebook_path path; do
	[ -n "$raw" ] && break
	raw=$(printf '%s\n' "$input" | json_string "$key")
done
[ -n "$raw" ] || exit 0
path=$(printf '%s\n' "$raw" | unescape)
name=${path##*/}

deny() {
	# $raw is still JSON-escaped, so it can go into the JSON string as is.
	printf '{"decision":"deny","reason":"protect-paths: %s is protected (%s); ask the user to make this change"}\n' "$raw" "$1"
	exit 0
}

case "/$path/" in
*/.git/*) deny "inside a .git directory" ;;
*/secrets/* | */.secrets/*) deny "inside a secrets directory" ;;
esac
case "$name" in
.env.example | .env.sample | .env.template) ;;
.env | .env.* | *.env) deny "an environment file that may hold secrets" ;;
*.pem | *.key | *.p12 | *.pfx | id_rsa | id_ecdsa | id_ed25519) deny "key material" ;;
esac

set -f # the patterns are not for the file system
IFS=:
for pattern in ${HOOKEXEC_PROTECTED_PATHS:-}; do
	[ -n "$pattern" ] || continue
	why="matches $(printf '%s' "$pattern" | sed -e 's/\\/\\\\/g' -e 's/"/\\"/g')"
	case "$path" in $pattern) deny "$why" ;; esac
	case "$name" in $pattern) deny "$why" ;; esac
done
exit 0
