//go:build e2e

// Package claude runs Claude Code (the pinned npm release) against a fake
// Anthropic Messages API, each scenario twice: with the policies as
// Claude's own hooks, and through hookexec as docs/agents.md tells users to
// install it. It compares what Claude did (make e2e).
package claude

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/hookexec/hookexec/e2e/compare"
	"github.com/hookexec/hookexec/e2e/harness"
)

// deliberate maps a scenario to the facts where hookexec differs from
// Claude Code on purpose, and why (docs/differences.md lists each, under "Where
// hookexec deliberately differs"). Every other fact must agree.
var deliberate = map[string]compare.Deliberate{
	"PreToolUse timeout": {Facts: []string{"hook outcomes", "notifications"},
		Why: "Claude's own warning and 'cancelled' are for the hook it ran, hookexec, which did answer (exit 0: a policy's failure is the policy's onFailure to decide); hookexec names the policy that did not, in a systemMessage"},
	"PreToolUse ignores SIGTERM": {Facts: []string{"hook outcomes", "notifications"},
		Why: "as for the timeout"},
	"PostToolUse block": {Facts: []string{"framing"},
		Why: "Claude names the command it ran: hookexec"},
	"Stop block once": {Facts: []string{"framing"},
		Why: "Claude names the command it ran: hookexec"},
	"Stop JSON block with exit 1 once": {Facts: []string{"framing", "hook outcomes"},
		Why: "Claude names the command it ran: hookexec, which answered with exit 0 where the policy exited 1"},
	// hookexec answers with exit 0 or 2 under --format claude, so that the
	// onFailure of its own entry only fires when hookexec itself fails
	// (issue 17 §2); it tells the user of the policy that failed.
	"PreToolUse exit 1 failure": {Facts: []string{"hook outcomes", "notifications"},
		Why: "Claude records the outcome of hookexec, which answered with exit 0 and a systemMessage naming the policy that exited 1; alone, Claude shows nothing"},
	"PostToolBatch exit 1": {Facts: []string{"hook outcomes", "notifications"},
		Why: "as for PreToolUse exit 1 failure"},
	"onFailure block on an async hook, exit 1": {Facts: []string{"hook outcomes"},
		Why: "Claude records an async hook's own exit 1 when it ends, and for hookexec the exit 0 it answers without waiting for the async hook; onFailure does not apply to async hooks in either"},
	// A policy's failure under its onFailure "block": hookexec answers the
	// deny itself, with Claude's own reason.
	"onFailure block, exit 1":                  onFailureAnswered,
	"onFailure block, policy cannot start":     onFailureAnswered,
	"onFailure block, JSON allow with exit 1":  onFailureAnswered,
	"onFailure block on PostToolBatch, exit 1": onFailureAnswered,
	"onFailure block on PostToolUse, exit 1": {Facts: []string{"framing", "hook outcomes"},
		Why: "as for onFailure block, exit 1; and Claude names the command it ran: hookexec"},
	"onFailure block on UserPromptSubmit, exit 1": {Facts: []string{"hook outcomes", "notifications", "session"},
		Why: "as for onFailure block, exit 1; hookexec blocks the prompt with a JSON decision, for which Claude adds the original prompt to the same message"},
	"onFailure block, timeout": {Facts: []string{"hook outcomes"},
		Why: "Claude's 'cancelled' is for the hook it ran, hookexec, which did answer (a deny, with Claude's own reason)"},
	// onFailure does not apply on Stop and SessionStart: their exit 1 is
	// any policy's exit 1.
	"onFailure block on Stop, exit 1": {Facts: []string{"hook outcomes", "notifications"},
		Why: "Claude records the outcome of hookexec, which answered with exit 0 and a systemMessage naming the policy that exited 1, where Claude alone reports a Stop hook error"},
	"onFailure block on SessionStart, exit 1": {Facts: []string{"hook outcomes"},
		Why: "Claude records the outcome of hookexec, which answered with exit 0 where the policy exited 1"},
	"PreToolUse JSON deny with exit 1": {Facts: []string{"hook outcomes"},
		Why: "Claude records the outcome of hookexec, which answered the policy's deny with its own status, not the policy's exit 1"},
	"UserPromptExpansion exit 2": {Facts: []string{"notifications", "session"},
		Why: "the same message but for one blank line: Claude keeps the final newline of a policy's stderr in it, hookexec's JSON reason has the stderr trimmed"},
	"Stop exit 2 once": {Facts: []string{"framing", "model saw"},
		Why: "hookexec's exit-2 answer is JSON, for which Claude adds a line naming the command it ran: hookexec"},
	"PreToolUse if does not match an argument": noHookRun,
	"PreToolUse if Edit(*.ts) on a Write call": {Facts: []string{"framing", "hook outcomes", "markers seen by model", "model saw", "permission denials", "policies ran", "policy input", "tool_result", "transcript"},
		Why: "an Edit rule covers every tool that edits files (Edit, Write, MultiEdit, NotebookEdit), as Claude's permissions documentation says of Edit rules; Claude 2.1.328's if compares the tool name exactly, so the guard does not run on Write"},
	"PreToolUse if WebFetch(domain:example.com) on example.org": noHookRun,
	"PreToolUse if WebFetch(domain:example.com) on example.com": {Facts: []string{"framing", "hook outcomes", "markers seen by model", "model saw", "notifications", "policies ran", "policy input", "transcript"},
		Why: "Claude 2.1.328 never runs a hook whose if is WebFetch with a specifier (domain:example.com, a URL), whatever the URL; hookexec matches the host, and the guard runs"},
	"PreToolUse if keeps the word boundary of rm *":       noHookRun,
	"PreToolUse if Write(/secrets/**) is not /secrets":    noHookRun,
	"PreToolUse if Write(src/*.ts) is anchored":           noHookRun,
	"PreToolUse if Write(/src/*.ts) stays in one segment": noHookRun,
	"Stop with if never runs": {Facts: []string{"hook outcomes"},
		Why: "Claude runs hookexec, which does not run the hook with if either"},
	"PreToolUse if and env": {Facts: ifGuardRan,
		Why: "hookexec sees through env (and command, exec, timeout, nice, nohup, stdbuf, time): a guard on rm runs; Claude 2.1.328 skips it and rm runs"},
	"PreToolUse if and timeout": {Facts: ifGuardRan,
		Why: "as for env: Claude 2.1.328 does not strip the timeout wrapper for if (its permissions documentation says it does for permission rules)"},
	"if Bash(rm -rf /etc *) on rm with a quoted variable": {Facts: ifGuardRan,
		Why: "hookexec reads every word with a $VAR as anything, quoted or not, and runs the guard; Claude 2.1.328 does so only for an unquoted one and skips the guard on \"$PWD/victim/\""},
	"PreToolUse if that is not a rule": {Facts: ifGuardRan,
		Why: "an if that is not a permission rule does not filter in hookexec (the hook runs, with a warning); Claude 2.1.328 silently never runs the hook"},
	"UserPromptSubmit plain text on exit 0": {Facts: []string{"model saw"},
		Why: "hookexec answers in JSON, so a policy's plain text reaches the model as hook additional context, not as hook success output; the text is the same"},
	// Claude runs hookexec, its one hook on the event, whether or not a
	// policy behind it applies.
	"if Bash(rm *) on a command without rm":                noHookRun,
	"if Bash(rm -rf /etc *) on rm without a variable":      noHookRun,
	"if Bash(rm *) on PostToolUse of a command without rm": noHookRun,
	"if on UserPromptSubmit, an event without a tool":      noHookRun,
	"http on SessionStart":                                 noHookRun,
	// Claude records an http hook's status code as its exit code.
	"http deny":                                  httpStatus,
	"http allow":                                 httpStatus,
	"http status 403 alone":                      httpNoVerdict,
	"http status 500 with onFailure block":       httpStatus,
	"http 200 with a body that is not JSON":      httpNoVerdict,
	"http redirect to a deny on the same server": httpNoVerdict,
	"http timeout with onFailure block":          httpStatus,
	"PreToolUse broken JSON on exit 0":           plainShown,
	"onFailure block, broken JSON on exit 0":     plainShown,
}

var (
	noHookRun = compare.Deliberate{Facts: []string{"hook outcomes"},
		Why: "Claude records the outcome of the hook it ran, hookexec, which ran no policy; alone, Claude runs no hook here"}
	httpStatus = compare.Deliberate{Facts: []string{"hook outcomes"},
		Why: "Claude records an http hook's status code as its exit code, and hookexec's exit status for hookexec"}
	onFailureAnswered = compare.Deliberate{Facts: []string{"hook outcomes"},
		Why: "Claude records the hook it ran, hookexec, which answered (exit 0, a deny with Claude's own reason); the policy's failure is in that reason"}
	plainShown = compare.Deliberate{Facts: []string{"notifications"},
		Why: "a policy's stdout that is not a JSON object (here a JSON answer cut short) is a systemMessage through hookexec (SPEC §4.6), which Claude shows; alone, Claude keeps it to its transcript. Neither takes it as a decision or, under onFailure block, as a failure: the tool runs in both"}
	httpNoVerdict = compare.Deliberate{Facts: []string{"hook outcomes", "notifications"},
		Why: "as for an http deny; Claude's own no-verdict warning is for the hook it ran, hookexec, which answered: hookexec names the http policy and what it answered in a systemMessage"}
)

// ifGuardRan are the facts that differ when hookexec runs a guard that
// Claude skips because of its "if": the guard runs and blocks through
// hookexec, and the tool runs with Claude alone.
var ifGuardRan = []string{"framing", "hook outcomes", "markers seen by model", "model saw", "permission denials", "policies ran", "policy input", "tool ran", "tool_result", "transcript"}

// e2eEnv is what make e2e provides.
type e2eEnv struct {
	bin    string // hookexec
	claude string
	out    string // where the table and the raw evidence go
}

func loadEnv(t *testing.T) e2eEnv {
	t.Helper()
	h := harness.Load(t, "claude")
	return e2eEnv{bin: h.Bin, claude: h.Agent, out: h.Out}
}

// parallel bounds the Claude processes running at once (the machines are
// small and shared).
const parallel = 2

func TestClaude(t *testing.T) {
	env := loadEnv(t)
	scenarios := allScenarios()
	harness.Comparison[scenario, runResult]{
		Table:      harness.TablePath(env.out, "claude"),
		Parallel:   parallel,
		Modes:      harness.Modes(os.Getenv),
		Scenarios:  scenarios,
		Name:       func(sc scenario) string { return sc.name },
		Deliberate: deliberate,
		Run: func(t *testing.T, sc scenario, mode string) runResult {
			return runClaude(t, env, sc, mode)
		},
		Facts: func(t *testing.T, sc scenario, mode string, res runResult) compare.Facts {
			dump(t, filepath.Join(env.out, "claude", sc.slug(), mode), res)
			facts := observe(sc, res, env)
			return facts
		},
	}.Test(t)
}
