#!/bin/sh
# block-dangerous-shell: a BeforeTool hook for shell tools (Claude Code's
# Bash, Gemini CLI's run_shell_command). It blocks (exit 2, the reason on
# stderr) commands an agent should never run unattended:
#
#   - rm of /, /*, ~, ~/ or $HOME (with any options)
#   - sudo or doas
#   - a download piped into a shell: curl ... | sh, wget -O- ... | bash,
#     bash <(curl ...), sh -c "$(curl ...)"
#   - chmod 777 / a+rwx
#
# Anything else passes silently (exit 0, no output). Plain POSIX sh, sed and
# grep: no jq needed. It reads the compact one-line JSON hookexec sends.

input=$(cat)

# json_string KEY: the value of the last "KEY": "..." string of the JSON on
# stdin, still escaped. In compact JSON, "KEY": can only be an object key:
# inside a string every quote is escaped.
json_string() {
	sed -n -E 's/.*"'"$1"'"[[:space:]]*:[[:space:]]*"(([^"\\]|\\.)*)".*/\1/p'
}

# unescape: JSON string escapes to characters; \n, \r and \t become spaces,
# which is all that matching commands needs.
unescape() {
	soh=$(printf '\001') # cannot occur unescaped in a JSON string
	sed -e "s/\\\\\\\\/$soh/g" -e 's/\\"/"/g' -e 's/\\[nrt]/ /g' -e 's/\\\//\//g' -e "s/$soh/\\\\/g"
}

command=$(printf '%s\n' "$input" | json_string command | unescape | tr -s '[:space:]' ' ' | sed 's/^ //; s/ $//')
[ -n "$command" ] || exit 0

block() {
	printf 'blocked by block-dangerous-shell: %s: %s\n' "$1" "$command" >&2
	exit 2
}

matches() {
	printf '%s\n' "$command" | grep -Eq -- "$1"
}

# Where a command starts: the beginning, or after ; & | ( ` or $(.
start='(^|[;&|(`]|\$\()[[:space:]]*'
rm_target='["'"'"']?(/|/\*|~|~/|~/\*|\$HOME|\$\{HOME\}|\$HOME/|\$\{HOME\}/)["'"'"']?'
shell='(sudo[[:space:]]+)?(env[[:space:]]+)?(ba|da|z|k|fi)?sh'

if matches "(^|[^[:alnum:]_.-])rm[[:space:]]+(-[^[:space:]]*[[:space:]]+)*$rm_target([[:space:];&|)]|\$)"; then
	block "recursive delete of / or the home directory"
fi
if matches "$start(sudo|doas)([[:space:]]|\$)"; then
	block "sudo is not allowed for the agent"
fi
if matches "(curl|wget)[^|]*\|[[:space:]]*$shell([[:space:]]|\$)" ||
	matches "$shell[[:space:]]+(-[[:alpha:]]+[[:space:]]+)*[\"']?(<\(|\\\$\()[[:space:]]*(curl|wget)"; then
	block "piping a download into a shell"
fi
if matches "(^|[^[:alnum:]_.-])chmod[[:space:]]+(-[^[:space:]]*[[:space:]]+)*(0?777|[ugoa]*\+rwx)([[:space:]]|\$)"; then
	block "world-writable permissions (chmod 777)"
fi
exit 0
