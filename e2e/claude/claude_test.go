//go:build e2e

// Package claude runs Claude Code (the pinned npm release) against a fake
// Anthropic Messages API, each scenario twice: with the policies as
// Claude's own hooks, and through hookexec as the README tells users to
// install it. It compares what Claude did (make e2e).
package claude

import (
	"os"
	"path/filepath"
	"sync"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/hookexec/hookexec/e2e/compare"
)

// deliberate maps a scenario to the facts where hookexec differs from
// Claude Code on purpose, and why (the README lists each, under "Where
// hookexec deliberately differs"). Every other fact must agree.
var deliberate = map[string]compare.Deliberate{
	"PreToolUse timeout": {Facts: []string{"hook outcomes", "notifications"},
		Why: "Claude's own warning and 'cancelled' are for the hook it ran, hookexec, which did answer (with exit 1: a policy failed); hookexec names the policy that did not, in a systemMessage"},
	"PreToolUse ignores SIGTERM": {Facts: []string{"hook outcomes", "notifications"},
		Why: "as for the timeout"},
	"PostToolUse block": {Facts: []string{"framing"},
		Why: "Claude names the command it ran: hookexec"},
	"Stop block once": {Facts: []string{"framing"},
		Why: "Claude names the command it ran: hookexec"},
	"Stop JSON block with exit 1 once": {Facts: []string{"framing"},
		Why: "Claude names the command it ran: hookexec"},
	"UserPromptExpansion exit 2": {Facts: []string{"notifications", "session"},
		Why: "the same message but for one blank line: Claude keeps the final newline of a policy's stderr in it, hookexec's JSON reason has the stderr trimmed"},
	"Stop exit 2 once": {Facts: []string{"framing", "model saw"},
		Why: "hookexec's exit-2 answer is JSON, for which Claude adds a line naming the command it ran: hookexec"},
	"PreToolUse exit 1 with onFailure block": {Facts: []string{"hook outcomes"},
		Why: "Claude records the hook it ran, hookexec, which answered (exit 0, a deny with Claude's own reason); the policy's exit 1 is in that reason"},
	"PreToolUse timeout with onFailure block": {Facts: []string{"hook outcomes"},
		Why: "Claude's 'cancelled' is for the hook it ran, hookexec, which did answer (a deny, with Claude's own reason)"},
	"PreToolUse http deny": {Facts: []string{"hook outcomes"},
		Why: "Claude reports an http hook's HTTP status as its exit code; through hookexec the hook it ran is a command"},
	"PreToolUse http allow": {Facts: []string{"hook outcomes"},
		Why: "as for the http deny"},
	"PreToolUse http 500": {Facts: []string{"hook outcomes", "notifications"},
		Why: "as for the http deny; Claude's own no-verdict warning is for the hook it ran, hookexec, which answered: hookexec names the http policy and its status in a systemMessage"},
	"PreToolUse http 500 with onFailure block": {Facts: []string{"hook outcomes"},
		Why: "as for the http deny"},
	"PreToolUse if does not match an argument": {Facts: []string{"hook outcomes"},
		Why: "Claude runs hookexec, which applies the if itself; the guard ran in neither"},
	"PreToolUse if Edit(*.ts) on a Write call": {Facts: []string{"framing", "hook outcomes", "markers seen by model", "model saw", "permission denials", "tool_result", "transcript"},
		Why: "an Edit rule covers every tool that edits files (Edit, Write, MultiEdit, NotebookEdit), as Claude's permissions documentation says of Edit rules; Claude 2.1.328's if compares the tool name exactly, so the guard does not run on Write"},
	"PreToolUse if WebFetch(domain:example.com) on example.org": ifNoGuard,
	"PreToolUse if WebFetch(domain:example.com) on example.com": {Facts: []string{"framing", "hook outcomes", "markers seen by model", "model saw", "notifications", "transcript"},
		Why: "Claude 2.1.328 never runs a hook whose if is WebFetch with a specifier (domain:example.com, a URL), whatever the URL; hookexec matches the host, and the guard runs"},
	"PreToolUse if keeps the word boundary of rm *":       ifNoGuard,
	"PreToolUse if Write(/secrets/**) is not /secrets":    ifNoGuard,
	"PreToolUse if Write(src/*.ts) is anchored":           ifNoGuard,
	"PreToolUse if Write(/src/*.ts) stays in one segment": ifNoGuard,
	"Stop with if never runs": {Facts: []string{"hook outcomes"},
		Why: "Claude runs hookexec, which does not run the hook with if either"},
	"PreToolUse if and env": {Facts: ifGuardRan,
		Why: "hookexec sees through env (and command, exec, timeout, nice, nohup, stdbuf, time): a guard on rm runs; Claude 2.1.328 skips it and rm runs"},
	"PreToolUse if and timeout": {Facts: ifGuardRan,
		Why: "as for env: Claude 2.1.328 does not strip the timeout wrapper for if (its permissions documentation says it does for permission rules)"},
	"PreToolUse if that is not a rule": {Facts: ifGuardRan,
		Why: "an if that is not a permission rule does not filter in hookexec (the hook runs, with a warning); Claude 2.1.328 silently never runs the hook"},
	"UserPromptSubmit plain text on exit 0": {Facts: []string{"model saw"},
		Why: "hookexec answers in JSON, so a policy's plain text reaches the model as hook additional context, not as hook success output; the text is the same"},
}

// ifNoGuard: the guard's "if" did not match, with Claude alone or
// through hookexec; Claude still records the hook it ran, hookexec.
var ifNoGuard = compare.Deliberate{Facts: []string{"hook outcomes"},
	Why: "Claude runs hookexec, which applies the if itself; the guard ran in neither"}

// ifGuardRan are the facts that differ when hookexec runs a guard that
// Claude skips because of its "if": the guard blocks through hookexec, and
// the tool runs with Claude alone.
var ifGuardRan = []string{"framing", "hook outcomes", "markers seen by model", "model saw", "permission denials", "tool ran", "tool_result", "transcript"}

// e2eEnv is what make e2e provides.
type e2eEnv struct {
	bin    string // hookexec
	claude string
	out    string // where the table and the raw evidence go
}

func loadEnv(t *testing.T) e2eEnv {
	t.Helper()
	env := e2eEnv{bin: os.Getenv("HOOKEXEC_E2E_BIN"), out: os.Getenv("HOOKEXEC_E2E_OUT")}
	modules := os.Getenv("HOOKEXEC_E2E_NODE_MODULES")
	if env.bin == "" || modules == "" || env.out == "" {
		t.Skip("run with make e2e (HOOKEXEC_E2E_BIN, HOOKEXEC_E2E_NODE_MODULES, HOOKEXEC_E2E_OUT)")
	}
	env.claude = filepath.Join(modules, ".bin", "claude")
	for _, p := range []string{env.bin, env.claude} {
		_, err := os.Stat(p)
		require.NoError(t, err)
	}
	return env
}

// parallel bounds the Claude processes running at once (the machines are
// small and shared).
const parallel = 2

func TestClaude(t *testing.T) {
	env := loadEnv(t)
	scenarios := allScenarios()
	rows := make([]compare.Row, len(scenarios))
	slots := make(chan struct{}, parallel)
	var mu sync.Mutex
	t.Run("scenarios", func(t *testing.T) {
		for i, sc := range scenarios {
			t.Run(sc.name, func(t *testing.T) {
				t.Parallel()
				row := compare.Row{Scenario: sc.name, Deliberate: deliberate[sc.name]}
				for _, mode := range []string{"direct", "through"} {
					slots <- struct{}{}
					res := runClaude(t, env, sc, mode)
					<-slots
					dump(t, filepath.Join(env.out, "claude", sc.slug(), mode), res)
					facts := observe(sc, res, env)
					if mode == "direct" {
						row.Direct = facts
					} else {
						row.Through = facts
					}
				}
				mu.Lock()
				rows[i] = row
				mu.Unlock()
			})
		}
	})
	var done []compare.Row
	for _, r := range rows {
		if r.Scenario != "" {
			done = append(done, r)
		}
	}
	f, err := os.Create(filepath.Join(env.out, "claude.md"))
	require.NoError(t, err)
	require.NoError(t, compare.WriteTable(f, done))
	require.NoError(t, f.Close())
	for _, r := range done {
		if p := r.Problem(); p != "" {
			t.Error(p)
		}
	}
}
