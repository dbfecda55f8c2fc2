#!/bin/sh
# block-dangerous-shell: a BeforeTool hook for the shell tool of every agent
# (matcher "@shell": Claude Code's Bash, Gemini CLI's run_shell_command and
# every other agent's, docs/policies.md). It reads the command from the
# normalized view hookexec gives a native hook ("hookexec": {"command":
# ...}), so one script serves every agent's payload. It blocks (exit 2, the
# reason on stderr) commands an agent should never run unattended:
#
#   - rm of /, /*, ~, ~/ or $HOME, of . or .. or *, of $PWD, of the project
#     ($HOOKEXEC_PROJECT_DIR, $CLAUDE_PROJECT_DIR, ..., or its path written
#     out), with any options
#   - git push --force / -f / --force-with-lease / +refspec, to any branch
#   - git reset --hard, and git clean -f (-fdx, ...), which throw away work
#     that no commit holds
#   - sudo or doas
#   - a download piped into a shell: curl ... | sh, wget -O- ... | bash,
#     bash <(curl ...), sh -c "$(curl ...)"
#   - chmod 777 / a+rwx (also -R)
#
# Anything else passes silently (exit 0, no output). Plain POSIX sh, sed and
# grep (Git Bash on Windows has them): no jq needed. It reads the compact
# one-line JSON hookexec sends, whose last field is the view. It matches
# text, not shell syntax: a commit message that mentions one of these is
# blocked too.
#
# What the agent and the model see of a policy (docs/policy-output.md):
#
#   - exit 2: the action is blocked; stderr is the reason the model reads.
#   - exit 0, nothing printed: the action goes ahead.
#   - exit 0 and one JSON object on stdout: its fields decide. "decision"
#     and "reason" (or hookSpecificOutput.permissionDecision) block or
#     allow; "systemMessage" is shown to the user, never to the model;
#     hookSpecificOutput.additionalContext goes to the model. A field in
#     another place (a top-level "additionalContext") is not read: hookexec
#     warns, with the fix, in fire's warnings and in 'hookexec test'.
#   - plain text on stdout at SessionStart or UserPromptSubmit is a
#     systemMessage here: the user sees it, the model does not (Claude Code
#     would give a hook of its own settings' text to the model). To give
#     the model context there, print
#       {"hookSpecificOutput": {"hookEventName": "SessionStart",
#        "additionalContext": "..."}}

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

# The normalized view: the last field of the input, an object of strings
# (and a "paths" array), so it runs to the input's closing brace. Without
# one (run by an agent directly), the agent's own payload.
view=$(printf '%s\n' "$input" | sed -n -E 's/.*"hookexec"[[:space:]]*:[[:space:]]*(\{.*\})[[:space:]]*\}[[:space:]]*$/\1/p')
[ -n "$view" ] || view=$input

command=$(printf '%s\n' "$view" | json_string command | unescape | tr -s '[:space:]' ' ' | sed 's/^ //; s/ $//')
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
# What rm must not be given: the root, the home directory, the working
# directory (the project, where the agent works) or the project by name.
here='(~|\$HOME|\$\{HOME\}|\.|\.\.|\$PWD|\$\{PWD\}|\$(HOOKEXEC|CLAUDE|GEMINI|LLXPRT)_PROJECT_DIR|\$\{(HOOKEXEC|CLAUDE|GEMINI|LLXPRT)_PROJECT_DIR\})'
project=${HOOKEXEC_PROJECT_DIR:-${CLAUDE_PROJECT_DIR:-}}
if [ -n "$project" ] && [ "$project" != / ]; then
	# The project's path as a regular expression (its special characters escaped).
	here="($here|$(printf '%s\n' "${project%/}" | sed 's/[][\.*^$+?(){}|]/\\&/g'))"
fi
rm_target="[\"']?($here/?\\*?|/\\*?|\\*)[\"']?"
git_cmd='(^|[^[:alnum:]_.-])git[[:space:]]+([^;&|]*[[:space:]])?'
shell='(sudo[[:space:]]+)?(env[[:space:]]+)?(ba|da|z|k|fi)?sh'

if matches "(^|[^[:alnum:]_.-])rm[[:space:]]+([^;&|[:space:]]+[[:space:]]+)*$rm_target([[:space:];&|)]|\$)"; then
	block "recursive delete of /, the home directory or the project"
fi
if matches "${git_cmd}push([[:space:]][^;&|]*)?[[:space:]](--force(-with-lease)?(=[^[:space:]]*)?|-[[:alnum:]]*f[[:alnum:]]*|\+[^[:space:]]+)([[:space:]]|\$)"; then
	block "force push (it rewrites the remote branch's history)"
fi
if matches "${git_cmd}reset([[:space:]][^;&|]*)?[[:space:]]--hard([[:space:]]|\$)"; then
	block "git reset --hard (it discards uncommitted work)"
fi
if matches "${git_cmd}clean([[:space:]][^;&|]*)?[[:space:]](--force|-[[:alnum:]]*f[[:alnum:]]*)([[:space:]]|\$)"; then
	block "git clean -f (it deletes untracked files)"
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
