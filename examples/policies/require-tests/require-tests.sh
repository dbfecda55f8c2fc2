#!/bin/sh
# require-tests: an AfterAgent (Claude Code: Stop) hook that runs the test
# command $HOOKEXEC_TEST_CMD in the project directory when the agent wants
# to finish. If the tests fail it blocks (exit 2) with the end of their
# output as the reason, so the agent keeps working and fixes them.
#
# When the agent is already continuing because of a stop hook
# ("stop_hook_active": true), it lets the agent stop, so a test suite the
# agent cannot fix does not keep it looping forever. Without
# $HOOKEXEC_TEST_CMD it runs nothing and says so. The last
# $HOOKEXEC_TEST_OUTPUT_LINES lines (default 40) of the output are kept.

input=$(cat)

if printf '%s\n' "$input" | grep -Eq '"stop_hook_active"[[:space:]]*:[[:space:]]*true'; then
	exit 0
fi

cmd=${HOOKEXEC_TEST_CMD:-}
if [ -z "$cmd" ]; then
	echo "require-tests: HOOKEXEC_TEST_CMD is not set; no tests were run"
	exit 0
fi

cd "${HOOKEXEC_PROJECT_DIR:-.}" || exit 1
output=$(sh -c "$cmd" </dev/null 2>&1)
status=$?
[ "$status" -eq 0 ] && exit 0

{
	printf 'The tests fail (%s exited with status %d). Fix them before you finish. The end of the output:\n' "$cmd" "$status"
	printf '%s\n' "$output" | tail -n "${HOOKEXEC_TEST_OUTPUT_LINES:-40}"
} >&2
exit 2
