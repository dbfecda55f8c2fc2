#!/bin/sh
# session-git-context: a SessionStart hook that tells the agent where it
# stands in git: the branch, its upstream and how far ahead/behind it is,
# the last commit, and the changed files (`git status --short`, at most
# $HOOKEXEC_GIT_STATUS_LINES lines, default 20). It prints them as
# hookSpecificOutput.additionalContext, which the agent adds to its context.
# In a directory that is not in a git work tree, or without git, the context
# says so. It never blocks (SessionStart cannot). POSIX sh, sed, awk; no jq.

cat >/dev/null # the event is not needed
# A native hook runs in the project directory; the agent's own working
# directory (the session's cwd) is $HOOKEXEC_CWD.
if [ -n "${HOOKEXEC_CWD:-}" ] && [ -d "$HOOKEXEC_CWD" ]; then
	cd "$HOOKEXEC_CWD" || exit 1
fi

# json_escape: stdin as the contents of one JSON string.
json_escape() {
	tab=$(printf '\t')
	tr -d '\000-\010\013-\037' |
		sed -e 's/\\/\\\\/g' -e 's/"/\\"/g' -e "s/$tab/\\\\t/g" |
		awk 'NR > 1 { printf "\\n" } { printf "%s", $0 }'
}

context() {
	if ! command -v git >/dev/null 2>&1; then
		echo "git is not installed; no repository information."
		return
	fi
	if ! git rev-parse --is-inside-work-tree >/dev/null 2>&1; then
		echo "The working directory $(pwd) is not in a git repository."
		return
	fi
	branch=$(git symbolic-ref --short -q HEAD 2>/dev/null) ||
		branch="(detached HEAD at $(git rev-parse --short HEAD 2>/dev/null))"
	echo "Git branch: $branch"
	if upstream=$(git rev-parse --abbrev-ref --symbolic-full-name '@{upstream}' 2>/dev/null); then
		counts=$(git rev-list --left-right --count "HEAD...@{upstream}" 2>/dev/null)
		echo "Upstream: $upstream (ahead ${counts%%[[:space:]]*}, behind ${counts##*[[:space:]]})"
	fi
	last=$(git log -1 --format='%h %s' 2>/dev/null) && echo "Last commit: $last"
	max=${HOOKEXEC_GIT_STATUS_LINES:-20}
	status=$(git status --short 2>/dev/null)
	if [ -z "$status" ]; then
		echo "Working tree: clean"
		return
	fi
	total=$(printf '%s\n' "$status" | wc -l | tr -d ' ')
	echo "Working tree: $total changed file(s):"
	printf '%s\n' "$status" | head -n "$max"
	[ "$total" -gt "$max" ] && echo "... and $((total - max)) more"
	return 0
}

printf '{"hookSpecificOutput":{"hookEventName":"SessionStart","additionalContext":"%s"}}\n' "$(context | json_escape)"
