//go:build e2e && unix

package cline

import (
	"github.com/hookexec/hookexec/e2e/fakeopenai"
)

// A scenario is one policy, written twice: as Cline's own hook (a script
// printing Cline's answer) and as a native hookexec policy with the same
// intent, which hookexec runs behind its cline script.
type scenario struct {
	name string
	// event is the hook file: PreToolUse, PostToolUse, TaskStart or
	// TaskComplete.
	event string
	// own is the body of Cline's own hook script (sh), which reads its
	// input on stdin.
	own string
	// native is the body of the native policy (sh) hookexec runs.
	native string
	// tool is the scripted tool call (default: run_commands toolCommand).
	tool fakeopenai.ToolCall
	// expect are facts the direct run must show (what the documentation or
	// an earlier run says Cline does), checked before comparing.
	expect map[string]string
}

// marker is the text a policy puts in a reason or a context, looked for in
// what reached the model.
const marker = "E2E-MARK-7"

func scenarios() []scenario {
	return []scenario{
		{name: "PreToolUse allow", event: "PreToolUse",
			own:    `cat >/dev/null; echo '{"cancel": false}'`,
			native: `cat >/dev/null; exit 0`,
			expect: map[string]string{"tool ran": "yes", "run": "completed"}},
		{name: "PreToolUse JSON cancel", event: "PreToolUse",
			own:    `cat >/dev/null; echo '{"cancel": true, "errorMessage": "no: ` + marker + `"}'`,
			native: `cat >/dev/null; echo 'no: ` + marker + `' >&2; exit 2`,
			expect: map[string]string{"tool ran": "no", "run": "aborted", "model saw the marker": "no"}},
		{name: "PreToolUse exit 2 without JSON", event: "PreToolUse",
			own:    `cat >/dev/null; echo 'no: ` + marker + `' >&2; exit 2`,
			native: `cat >/dev/null; echo 'no: ` + marker + `' >&2; exit 2`,
			expect: map[string]string{"tool ran": "yes", "run": "completed"}},
		{name: "PreToolUse exit 1 (a failing policy)", event: "PreToolUse",
			own:    `cat >/dev/null; echo 'broken' >&2; exit 1`,
			native: `cat >/dev/null; echo 'broken' >&2; exit 1`,
			expect: map[string]string{"tool ran": "yes", "run": "completed"}},
		{name: "PreToolUse rewrite", event: "PreToolUse",
			own:    `cat >/dev/null; echo '{"cancel": false, "overrideInput": {"commands": ["echo rewritten > ran.txt"]}}'`,
			native: `cat >/dev/null; echo '{"hookSpecificOutput": {"updatedInput": {"commands": ["echo rewritten > ran.txt"]}}}'`,
			expect: map[string]string{"tool ran": "yes", "ran.txt": "rewritten"}},
		{name: "PostToolUse context", event: "PostToolUse",
			own:    `cat >/dev/null; echo '{"cancel": false, "contextModification": "` + marker + `"}'`,
			native: `cat >/dev/null; echo '{"hookSpecificOutput": {"additionalContext": "` + marker + `"}}'`,
			expect: map[string]string{"tool ran": "yes", "model saw the marker": "yes"}},
		{name: "TaskStart context (fired and forgotten)", event: "TaskStart",
			own:    `cat >/dev/null; echo '{"cancel": false, "contextModification": "` + marker + `"}'`,
			native: `cat >/dev/null; echo '{"hookSpecificOutput": {"additionalContext": "` + marker + `"}}'`,
			expect: map[string]string{"tool ran": "yes", "model saw the marker": "no"}},
		{name: "TaskComplete block (fired and forgotten)", event: "TaskComplete",
			own:    `cat >/dev/null; echo '{"cancel": true, "errorMessage": "keep going: ` + marker + `"}'`,
			native: `cat >/dev/null; echo 'keep going: ` + marker + `' >&2; exit 2`,
			expect: map[string]string{"tool ran": "yes", "run": "completed", "model saw the marker": "no"}},
		{name: "native guard on the view", event: "PreToolUse",
			own:    `input=$(cat); case $input in *'rm -rf /'*) echo '{"cancel": true, "errorMessage": "rm"}';; *) echo '{"cancel": false}';; esac`,
			native: `input=$(cat); case $input in *'"hookexec":'*'"family":"shell"'*'"command":"rm -rf /'*) echo rm >&2; exit 2;; esac`,
			tool:   fakeopenai.Call("run_commands", map[string]any{"commands": []string{"rm -rf /nonexistent-e2e-dir || true; echo ran > ran.txt"}}),
			expect: map[string]string{"tool ran": "no", "run": "aborted"}},
	}
}
