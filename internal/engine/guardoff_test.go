package engine

import (
	"context"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/hookexec/hookexec/internal/event"
	"github.com/hookexec/hookexec/internal/planner"
	"github.com/hookexec/hookexec/internal/registry"
	"github.com/hookexec/hookexec/internal/verdict"
)

// SPEC §2.5: project files not trusted deny an event that can block, with
// the file and 'hookexec trust'; --untrusted skip, or the user's
// settings.untrusted "skip", lets it through, recorded as opted out; an
// explicit --untrusted deny wins over the settings; an event that cannot
// block is never denied; a stop the agent already continued from
// (stop_hook_active) is told, not denied again.
func TestGuardsOffUntrusted(t *testing.T) {
	t.Parallel()
	const file = "/p/.hookexec/hooks.json"
	fire := func(e Engine, reg *registry.Registry, name, input string) verdict.Verdict {
		ev, ok := event.ByKey(name)
		require.True(t, ok)
		in, err := event.ParseInput([]byte(input), time.Now(), t.TempDir())
		require.NoError(t, err)
		return e.Fire(context.Background(), reg, ev, in, planner.Options{})
	}
	reg := &registry.Registry{Untrusted: []string{file}}
	e := testEngine()

	v := fire(e, reg, "BeforeTool", `{"tool_name":"Bash"}`)
	assert.True(t, v.Blocked)
	assert.Equal(t, "project hook files are not trusted: "+file+"; review them and run 'hookexec trust'", v.Reason)
	assert.Equal(t, []verdict.GuardOff{{Kind: verdict.GuardOffUntrusted, File: file, Detail: "not trusted"}}, v.GuardOff)

	v = fire(e, reg, "SessionStart", `{}`)
	assert.False(t, v.Blocked, "SessionStart cannot block")
	assert.Len(t, v.GuardOff, 1, "recorded all the same")

	stop := `{"stop_hook_active":true}`
	v = fire(e, reg, "AfterAgent", `{"stop_hook_active":false}`)
	assert.True(t, v.Blocked)
	v = fire(e, reg, "AfterAgent", stop)
	assert.False(t, v.Blocked, "the agent already continued once for a block")
	assert.Contains(t, v.SystemMessage, "hookexec: project hook files are not trusted")

	skip := e
	skip.Untrusted = UntrustedSkip
	v = fire(skip, reg, "BeforeTool", `{}`)
	assert.False(t, v.Blocked)
	require.Len(t, v.GuardOff, 1)
	assert.True(t, v.GuardOff[0].OptedOut)

	settings := &registry.Registry{Untrusted: []string{file}, Settings: registry.Settings{Untrusted: UntrustedSkip}}
	assert.False(t, fire(e, settings, "BeforeTool", `{}`).Blocked, "the user's settings.untrusted")
	deny := e
	deny.Untrusted = UntrustedDeny
	assert.True(t, fire(deny, settings, "BeforeTool", `{}`).Blocked, "--untrusted deny wins over the settings")
}

// SPEC §2.5: an unknown event with no hook registered under its name
// denies, answered as the event the input's hook_event_name names; an
// unknown event with hooks under its name is left to them.
func TestUnknownEventDenies(t *testing.T) {
	t.Parallel()
	in, err := event.ParseInput([]byte(`{"hook_event_name":"PreToolUse"}`), time.Now(), t.TempDir())
	require.NoError(t, err)
	ev := event.Unknown("PreTolUse")
	v, answer := unknownEvent(&registry.Registry{}, ev, in, verdict.Verdict{Continue: true})
	assert.Equal(t, "BeforeTool", answer.Name)
	assert.True(t, v.Blocked)
	assert.Contains(t, v.Reason, `unknown event "PreTolUse"`)
	assert.Contains(t, v.Reason, `did you mean "PreToolUse"?`)
	require.Len(t, v.GuardOff, 1)
	assert.Equal(t, verdict.GuardOffUnknownEvent, v.GuardOff[0].Kind)

	reg := &registry.Registry{Hooks: []*registry.Hook{{Event: ev}}}
	v, answer = unknownEvent(reg, ev, in, verdict.Verdict{Continue: true})
	assert.Equal(t, ev.Name, answer.Name)
	assert.False(t, v.Blocked)
	assert.Empty(t, v.GuardOff)
}
