#!/bin/sh
# Denies a recursive delete; prints Claude Code's PreToolUse output.
if grep -q 'rm -rf' ; then
  printf '%s\n' '{"hookSpecificOutput": {"hookEventName": "PreToolUse", "permissionDecision": "deny", "permissionDecisionReason": "guard-plugin: no rm -rf"}}'
fi
