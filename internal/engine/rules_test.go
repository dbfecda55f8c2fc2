package engine

import (
	"context"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/hookexec/hookexec/internal/planner"
	"github.com/hookexec/hookexec/internal/runner"
	"github.com/hookexec/hookexec/internal/verdict"
)

func rulesHook(name string, deny, ask, allow []string) hook {
	return hook{"type": "rules", "name": name, "deny": deny, "ask": ask, "allow": allow}
}

// A rules hook is evaluated in hookexec's process: with a runner that
// starts nothing (killed before the run, it refuses every spawn), the
// rules still decide, and a command hook beside them does not run.
func TestRulesStartNoProcess(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name       string
		sequential bool
	}{{"parallel", false}, {"sequential", true}}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			house := rulesHook("house", []string{"Bash(terraform destroy:*)"}, []string{"Bash(git push:*)"}, []string{"Bash(ls:*)"})
			for _, c := range []struct{ command, decision string }{
				{"terraform destroy", "deny"},
				{"git push origin main", "ask"},
				{"ls -la", "allow"},
				{"echo hi", ""},
			} {
				f := load(t, "PreToolUse", map[string][]def{"PreToolUse": {group(house)}},
					`{"tool_name":"Bash","tool_input":{"command":"`+c.command+`"}}`, planner.Options{Sequential: tt.sequential})
				e := f.engine(runner.Options{})
				e.Runner.KillAll()
				v := e.Run(context.Background(), f.plan, f.input)
				require.Len(t, v.Hooks, 1)
				assert.Equal(t, verdict.Success, v.Hooks[0].Outcome, c.command)
				assert.Equal(t, c.decision, v.Decision, c.command)
				assert.Equal(t, c.decision == "deny", v.Blocked, c.command)
			}
		})
	}
}

// The killed runner of TestRulesStartNoProcess does refuse a command hook.
func TestKilledRunnerStartsNothing(t *testing.T) {
	t.Parallel()
	f := load(t, "PreToolUse", map[string][]def{"PreToolUse": {group(cmd("exit 0"))}},
		`{"tool_name":"Bash","tool_input":{"command":"ls"}}`, planner.Options{})
	e := f.engine(runner.Options{})
	e.Runner.KillAll()
	v := e.Run(context.Background(), f.plan, f.input)
	require.Len(t, v.Hooks, 1)
	assert.NotEqual(t, verdict.Success, v.Hooks[0].Outcome)
}

// Rules and command hooks merge by SPEC §5: a rules deny wins over a
// command hook's allow, and the command hook still runs.
func TestRulesMergeWithCommandHooks(t *testing.T) {
	t.Parallel()
	f := load(t, "PreToolUse", map[string][]def{"PreToolUse": {group(
		named("allower", `echo '{"decision":"allow","reason":"fine by me"}'`),
		rulesHook("house", []string{"Bash(rm:*)"}, nil, nil),
	)}}, `{"tool_name":"Bash","tool_input":{"command":"rm -rf build"}}`, planner.Options{})
	v := f.run(t)
	assert.Equal(t, []string{"allower", "house"}, names(v))
	assert.Equal(t, []verdict.Outcome{verdict.Success, verdict.Success}, outcomes(v))
	assert.True(t, v.Blocked)
	assert.Equal(t, "deny", v.Decision)
	assert.Contains(t, v.Reason, `deny rule "Bash(rm:*)" (`)
	assert.Contains(t, v.Reason, `hooks.json:1:`)
	assert.Contains(t, v.Reason, `subcommand "rm -rf build" matches "rm:*"`)
}

// On an event without a tool a rules hook decides nothing.
func TestRulesOnEventWithoutTool(t *testing.T) {
	t.Parallel()
	f := load(t, "UserPromptSubmit", map[string][]def{"UserPromptSubmit": {group(rulesHook("house", []string{"Bash"}, nil, nil))}},
		`{"prompt":"hi"}`, planner.Options{})
	v := f.run(t)
	require.Len(t, v.Hooks, 1)
	assert.Equal(t, verdict.Success, v.Hooks[0].Outcome)
	assert.False(t, v.Blocked)
	assert.Empty(t, v.Decision)
}
