package planner

import (
	"encoding/json"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/hookexec/hookexec/internal/event"
	"github.com/hookexec/hookexec/internal/registry"
)

// exact matches one value; "" matches all.
type exact string

func (e exact) Match(v string) bool { return e == "" || string(e) == v }
func (e exact) MatchesAll() bool    { return e == "" }
func (e exact) Kind() string        { return "exact" }
func (e exact) String() string      { return string(e) }

func hook(key, cmd string, m exact, mods ...func(*registry.Hook)) *registry.Hook {
	ev, ok := event.ByKey(key)
	if !ok {
		panic("bad key " + key)
	}
	h := &registry.Hook{EventKey: key, Event: ev, Command: cmd, Matcher: m, Dialect: registry.Native, File: "hooks.json"}
	for _, f := range mods {
		f(h)
	}
	return h
}

func mustEvent(t *testing.T, name string) event.Event {
	t.Helper()
	ev, err := event.Resolve(name)
	require.NoError(t, err)
	return ev
}

func commands(p Plan) []string {
	var out []string
	for _, s := range p.Steps {
		out = append(out, s.Hook.Command)
	}
	return out
}

func TestBuildMatchesAcrossAliases(t *testing.T) {
	t.Parallel()
	reg := &registry.Registry{Hooks: []*registry.Hook{
		hook("BeforeTool", "a", "Bash"),
		hook("PreToolUse", "b", ""),
		hook("BeforeTool", "c", "Write"),
		hook("AfterTool", "d", ""),
	}}
	p := Build(reg, mustEvent(t, "pretooluse"), matchInput(mustEvent(t, "pretooluse"), "Bash", true), Options{})
	assert.Equal(t, []string{"a", "b"}, commands(p))
	require.Len(t, p.Dropped, 1)
	assert.Equal(t, NoMatch, p.Dropped[0].Reason)
	assert.Contains(t, p.Dropped[0].Detail, `matcher "Write"`)
	for i, s := range p.Steps {
		assert.Equal(t, i, s.Index)
	}
}

func TestBuildWithoutMatchValueOnlyMatchAll(t *testing.T) {
	t.Parallel()
	reg := &registry.Registry{Hooks: []*registry.Hook{hook("BeforeTool", "a", "Bash"), hook("BeforeTool", "b", "")}}
	p := Build(reg, mustEvent(t, "BeforeTool"), matchInput(mustEvent(t, "BeforeTool"), "", false), Options{})
	assert.Equal(t, []string{"b"}, commands(p))
	assert.Contains(t, p.Dropped[0].Detail, "input has no string tool_name")
}

// Gemini CLI never compares a Notification matcher, and runs every hook of a
// tool event whose input has no tool_name; the gemini dialect does the same.
func TestBuildGeminiDialectMatchesAsGemini(t *testing.T) {
	t.Parallel()
	gemini := func(h *registry.Hook) { h.Dialect = registry.Dialect("gemini") }
	reg := &registry.Registry{Hooks: []*registry.Hook{
		hook("BeforeTool", "g", "Bash", gemini),
		hook("BeforeTool", "n", "Bash"),
		hook("Notification", "gn", "Other", gemini),
		hook("Notification", "nn", "Other"),
	}}
	p := Build(reg, mustEvent(t, "BeforeTool"), matchInput(mustEvent(t, "BeforeTool"), "", false), Options{})
	assert.Equal(t, []string{"g"}, commands(p))
	p = Build(reg, mustEvent(t, "BeforeTool"), matchInput(mustEvent(t, "BeforeTool"), "", true), Options{})
	assert.Equal(t, []string{"g"}, commands(p), "an empty tool_name")
	p = Build(reg, mustEvent(t, "BeforeTool"), matchInput(mustEvent(t, "BeforeTool"), "Write", true), Options{})
	assert.Empty(t, commands(p))
	p = Build(reg, mustEvent(t, "Notification"), matchInput(mustEvent(t, "Notification"), "ToolPermission", true), Options{})
	assert.Equal(t, []string{"gn"}, commands(p))
}

func TestBuildEventWithoutMatchValueIgnoresMatcher(t *testing.T) {
	t.Parallel()
	reg := &registry.Registry{Hooks: []*registry.Hook{hook("BeforeAgent", "a", "Bash")}}
	p := Build(reg, mustEvent(t, "UserPromptSubmit"), matchInput(mustEvent(t, "UserPromptSubmit"), "whatever", true), Options{})
	assert.Equal(t, []string{"a"}, commands(p))
	assert.False(t, p.HasMatchValue)
}

func TestBuildDisabled(t *testing.T) {
	t.Parallel()
	reg := &registry.Registry{
		Disabled: []registry.DisabledName{{Name: "guard"}, {Name: "echo unnamed"}},
		Hooks: []*registry.Hook{
			hook("BeforeTool", "x", "", func(h *registry.Hook) { h.Name = "guard" }),
			hook("BeforeTool", "echo unnamed", ""),
			hook("BeforeTool", "y", "", func(h *registry.Hook) { h.FileDisabled = true }),
			hook("BeforeTool", "z", ""),
		},
	}
	p := Build(reg, mustEvent(t, "BeforeTool"), matchInput(mustEvent(t, "BeforeTool"), "Bash", true), Options{})
	assert.Equal(t, []string{"z"}, commands(p))
	require.Len(t, p.Dropped, 3)
	for _, d := range p.Dropped {
		assert.Equal(t, Disabled, d.Reason)
	}
}

func TestBuildDedup(t *testing.T) {
	t.Parallel()
	reg := &registry.Registry{Hooks: []*registry.Hook{
		hook("BeforeTool", "echo hi", "", func(h *registry.Hook) { h.Name = "first" }),
		hook("PreToolUse", "  echo hi ", "", func(h *registry.Hook) { h.Name = "second" }),
		hook("BeforeTool", "echo hi", "", func(h *registry.Hook) { h.Env = map[string]string{"A": "1"} }),
		hook("BeforeTool", "echo hi", "", func(h *registry.Hook) { h.Shell = "sh" }),
		hook("BeforeTool", "echo", "", func(h *registry.Hook) { h.ExecForm = true; h.Args = []string{"hi"} }),
		hook("BeforeTool", "echo", "", func(h *registry.Hook) { h.ExecForm = true; h.Args = []string{"hi"} }),
	}}
	p := Build(reg, mustEvent(t, "BeforeTool"), matchInput(mustEvent(t, "BeforeTool"), "Bash", true), Options{HasProgram: func(string) bool { return true }})
	require.Len(t, p.Steps, 4)
	assert.Equal(t, "first", p.Steps[0].Hook.Name, "the first in plan order is kept")
	require.Len(t, p.Dropped, 2)
	assert.Equal(t, Duplicate, p.Dropped[0].Reason)
	assert.Equal(t, "second", p.Dropped[0].Hook.Name)
}

func TestBuildShellResolution(t *testing.T) {
	t.Parallel()
	reg := &registry.Registry{Hooks: []*registry.Hook{
		hook("BeforeTool", "a", ""),
		hook("BeforeTool", "b", "", func(h *registry.Hook) { h.Shell = "zsh" }),
		hook("BeforeTool", "c", "", func(h *registry.Hook) { h.Dialect = registry.Dialect("claude") }),
		hook("BeforeTool", "d", "", func(h *registry.Hook) { h.ExecForm = true }),
	}}
	ev := mustEvent(t, "BeforeTool")
	noBash := Build(reg, ev, matchInput(ev, "", false), Options{HasProgram: func(p string) bool { return p != "bash" }})
	assert.Equal(t, []string{"sh", "zsh", "sh", ""}, shells(noBash))
	withBash := Build(reg, ev, matchInput(ev, "", false), Options{HasProgram: func(string) bool { return true }})
	assert.Equal(t, []string{"bash", "zsh", "sh", ""}, shells(withBash))
	env := Build(reg, ev, matchInput(ev, "", false), Options{Shell: "dash"})
	assert.Equal(t, []string{"dash", "zsh", "dash", ""}, shells(env))
}

func shells(p Plan) []string {
	var out []string
	for _, s := range p.Steps {
		out = append(out, s.Shell)
	}
	return out
}

func TestBuildTimeoutAndFailClosed(t *testing.T) {
	t.Parallel()
	reg := &registry.Registry{Hooks: []*registry.Hook{
		hook("BeforeTool", "a", "", func(h *registry.Hook) { h.Timeout = 3 * time.Second; h.FailClosed = true }),
		hook("BeforeTool", "b", ""),
		hook("BeforeTool", "c", "", func(h *registry.Hook) { h.Dialect = registry.Dialect("claude") }),
	}}
	ev := mustEvent(t, "BeforeTool")
	p := Build(reg, ev, matchInput(ev, "", false), Options{})
	assert.Equal(t, []time.Duration{3 * time.Second, 60 * time.Second, 600 * time.Second}, timeouts(p))
	assert.True(t, p.Steps[0].FailClosed)
	assert.False(t, p.Steps[1].FailClosed)

	p = Build(reg, ev, matchInput(ev, "", false), Options{Timeout: time.Second, FailClosed: true})
	assert.Equal(t, []time.Duration{3 * time.Second, time.Second, time.Second}, timeouts(p))
	assert.True(t, p.Steps[1].FailClosed)
}

func timeouts(p Plan) []time.Duration {
	var out []time.Duration
	for _, s := range p.Steps {
		out = append(out, s.Timeout)
	}
	return out
}

func TestBuildSequentialMode(t *testing.T) {
	t.Parallel()
	seq := func(h *registry.Hook) { h.Sequential = true }
	ev := mustEvent(t, "BeforeTool")
	reg := &registry.Registry{Hooks: []*registry.Hook{hook("BeforeTool", "a", ""), hook("BeforeTool", "b", "")}}
	assert.False(t, Build(reg, ev, matchInput(ev, "", false), Options{}).Sequential)
	assert.True(t, Build(reg, ev, matchInput(ev, "", false), Options{Sequential: true}).Sequential)

	reg = &registry.Registry{Hooks: []*registry.Hook{hook("BeforeTool", "a", ""), hook("BeforeTool", "b", "", seq)}}
	assert.True(t, Build(reg, ev, matchInput(ev, "", false), Options{}).Sequential)

	// A sequential definition that has no hook left in the plan does not count.
	reg = &registry.Registry{Hooks: []*registry.Hook{hook("BeforeTool", "a", ""), hook("BeforeTool", "b", "Write", seq)}}
	assert.False(t, Build(reg, ev, matchInput(ev, "Bash", true), Options{}).Sequential)
	reg = &registry.Registry{Hooks: []*registry.Hook{hook("BeforeTool", "a", ""), hook("BeforeTool", "a", "", seq)}}
	assert.False(t, Build(reg, ev, matchInput(ev, "Bash", true), Options{}).Sequential, "a dropped duplicate does not count")
}

// matchInput is an event input whose match field (if ev has one) is value,
// or that lacks it when has is false.
func matchInput(ev event.Event, value string, has bool) *event.Input {
	body := "{}"
	if has && ev.MatchField != "" {
		b, _ := json.Marshal(map[string]string{ev.MatchField: value})
		body = string(b)
	}
	in, err := event.ParseInput([]byte(body), time.Time{}, "/")
	if err != nil {
		panic(err)
	}
	return in
}
