package planner

import (
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/hookexec/hookexec/internal/event"
	"github.com/hookexec/hookexec/internal/permrule"
	"github.com/hookexec/hookexec/internal/registry"
)

func withIf(rule string) func(*registry.Hook) {
	return func(h *registry.Hook) {
		h.If = rule
		h.IfRule, _ = permrule.Parse(rule) // nil for a rule that does not parse
	}
}

func parseInput(t *testing.T, body string) *event.Input {
	t.Helper()
	in, err := event.ParseInput([]byte(body), time.Time{}, "/srv/proj")
	require.NoError(t, err)
	return in
}

func dropped(p Plan) map[string]Dropped {
	out := map[string]Dropped{}
	for _, d := range p.Dropped {
		out[d.Hook.Command] = d
	}
	return out
}

// A hook's "if" filters it on the tool call.
func TestBuildIf(t *testing.T) {
	t.Parallel()
	reg := &registry.Registry{Hooks: []*registry.Hook{
		hook("PreToolUse", "guard-rm", "Bash", withIf("Bash(rm *)")),
		hook("PreToolUse", "guard-push", "Bash", withIf("Bash(git push *)")),
		hook("PreToolUse", "no-if", "Bash"),
		hook("PreToolUse", "broken-if", "Bash", withIf("Bash(rm *")),
		hook("PreToolUse", "env-edit", "", withIf("Edit(/.env)")),
	}}
	ev := mustEvent(t, "PreToolUse")
	tests := []struct {
		name, input string
		want        []string
	}{
		{"rm second", `{"tool_name":"Bash","tool_input":{"command":"ls && rm -rf /"}}`, []string{"guard-rm", "no-if", "broken-if"}},
		{"push", `{"tool_name":"Bash","tool_input":{"command":"FOO=1 git push origin"}}`, []string{"guard-push", "no-if", "broken-if"}},
		{"harmless", `{"tool_name":"Bash","tool_input":{"command":"echo rm"}}`, []string{"no-if", "broken-if"}},
		{"unparseable", `{"tool_name":"Bash","tool_input":{"command":"echo 'x"}}`, []string{"guard-rm", "guard-push", "no-if", "broken-if"}},
		{"edit .env", `{"tool_name":"Write","tool_input":{"file_path":"/srv/proj/.env"}}`, []string{"env-edit"}},
		{"edit other", `{"tool_name":"Write","tool_input":{"file_path":"/srv/proj/a/.env"}}`, nil},
		{"no tool_name", `{"tool_input":{"command":"rm x"}}`, nil},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			p := Build(reg, ev, parseInput(t, tt.input), Options{ProjectDir: "/srv/proj"})
			assert.Equal(t, tt.want, commands(p))
		})
	}
}

func TestBuildIfDetails(t *testing.T) {
	t.Parallel()
	reg := &registry.Registry{Hooks: []*registry.Hook{
		hook("PreToolUse", "guard-rm", "Bash", withIf("Bash(rm *)")),
		hook("PreToolUse", "guard-edit", "", withIf("Edit(*.ts)")),
		hook("PreToolUse", "broken-if", "Bash", withIf("Bash(rm *")),
	}}
	p := Build(reg, mustEvent(t, "PreToolUse"), parseInput(t, `{"tool_name":"Bash","tool_input":{"command":"echo hi"}}`), Options{})
	d := dropped(p)
	require.Contains(t, d, "guard-rm")
	assert.Equal(t, If, d["guard-rm"].Reason)
	assert.Equal(t, `if "Bash(rm *)" does not match: "echo hi" does not match "rm *"`, d["guard-rm"].Detail)
	assert.Equal(t, `if "Edit(*.ts)" does not match: tool "Bash" is not Edit (Edit, Write, MultiEdit, NotebookEdit)`, d["guard-edit"].Detail)
	require.Len(t, p.Steps, 1)
	assert.Equal(t, `if "Bash(rm *" is not a permission rule (see the warnings), so it does not filter`, p.Steps[0].IfMatch)

	p = Build(reg, mustEvent(t, "PreToolUse"), parseInput(t, `{"tool_name":"Bash","tool_input":{"command":"cd / && rm -rf x"}}`), Options{})
	require.Len(t, p.Steps, 2)
	assert.Equal(t, `if "Bash(rm *)" matches: subcommand "rm -rf x" matches "rm *"`, p.Steps[0].IfMatch)
}

// On an event without a tool, a hook with "if" never runs, as in Claude
// Code, even when the input happens to carry a tool_name.
func TestBuildIfWithoutTool(t *testing.T) {
	t.Parallel()
	reg := &registry.Registry{Hooks: []*registry.Hook{
		hook("Stop", "with-if", "", withIf("Bash")),
		hook("Stop", "without", ""),
	}}
	p := Build(reg, mustEvent(t, "Stop"), parseInput(t, `{"tool_name":"Bash","tool_input":{"command":"ls"}}`), Options{})
	assert.Equal(t, []string{"without"}, commands(p))
	require.Len(t, p.Dropped, 1)
	assert.Equal(t, If, p.Dropped[0].Reason)
	assert.Contains(t, p.Dropped[0].Detail, `the event has no tool call`)
}

// Dedup comes after "if", as in Claude Code (identical command hooks are
// deduplicated among the hooks that match): of two copies of one command,
// the one whose "if" matches runs, whichever comes first.
func TestBuildIfBeforeDedup(t *testing.T) {
	t.Parallel()
	reg := &registry.Registry{Hooks: []*registry.Hook{
		hook("PreToolUse", "guard", "Bash", withIf("Bash(git *)")),
		hook("PreToolUse", "guard", "Bash", withIf("Bash(rm *)")),
		hook("PreToolUse", "guard", "Bash", withIf("Bash")),
	}}
	p := Build(reg, mustEvent(t, "PreToolUse"), parseInput(t, `{"tool_name":"Bash","tool_input":{"command":"rm x"}}`), Options{})
	require.Len(t, p.Steps, 1)
	assert.Equal(t, "Bash(rm *)", p.Steps[0].Hook.If)
	require.Len(t, p.Dropped, 2)
	assert.Equal(t, If, p.Dropped[0].Reason)
	assert.Equal(t, Duplicate, p.Dropped[1].Reason)
}
