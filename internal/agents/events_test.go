package agents

import (
	"errors"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/hookexec/hookexec/internal/event"
	"github.com/hookexec/hookexec/internal/verdict"
)

// TestEventNamesAgree: a name means one event (and one family limit)
// whoever uses it; every agent's names and aliases are in the lookup; two
// names that differ only in case mean the same event, since the command
// line reads names in any case.
func TestEventNamesAgree(t *testing.T) {
	t.Parallel()
	idx := NewEventIndex()
	for _, a := range All() {
		for _, ev := range event.All() {
			k, ok := a.EventKey(ev)
			if !ok {
				continue
			}
			n, found := idx[k]
			require.True(t, found, "%s: %q is not in the lookup", a.Name, k)
			assert.Equal(t, ev.Name, n.Event.Name, "%s names %s %q, which another agent uses for %s", a.Name, ev.Name, k, n.Event.Name)
			assert.Contains(t, n.Agents, a.Name, k)
		}
		for _, al := range a.Aliases {
			n, found := idx[al.Key]
			require.True(t, found, "%s: alias %q is not in the lookup", a.Name, al.Key)
			assert.Equal(t, al.Event, n.Event.Name, "%s: alias %q", a.Name, al.Key)
			assert.Equal(t, al.Family, n.Family, "%s: alias %q's family", a.Name, al.Key)
			_, known := event.ByKey(al.Event)
			assert.True(t, known, "%s: alias %q names %q, not a catalogue event", a.Name, al.Key, al.Event)
		}
	}
	folded := map[string]EventName{}
	for _, n := range EventNames() {
		low := strings.ToLower(n.Key)
		if prev, ok := folded[low]; ok {
			assert.Equal(t, prev.Event.Name, n.Event.Name, "%q means another event than a name that differs only in case", n.Key)
			assert.Equal(t, prev.Family, n.Family, "%q is limited to another family than a name that differs only in case", n.Key)
		}
		folded[low] = n
	}
}

// TestEventNamesKeepTheCatalogue: every name the catalogue accepts still
// means what it meant, and comes first.
func TestEventNamesKeepTheCatalogue(t *testing.T) {
	t.Parallel()
	names := EventNames()
	for i, k := range event.Names() {
		assert.Equal(t, k, names[i].Key)
		want, _ := event.ByKey(k)
		got, ok := EventByKey(k)
		require.True(t, ok, k)
		assert.Equal(t, want.Name, got.Event.Name, k)
		assert.Empty(t, got.Family, k)
	}
	pre, _ := EventByKey("PreToolUse")
	assert.Equal(t, []string{"claude"}, pre.Agents[:1], "Claude Code's name is Claude Code's")
	before, _ := EventByKey("BeforeTool")
	assert.Contains(t, before.Agents, "gemini")
}

func TestLookupEvent(t *testing.T) {
	t.Parallel()
	for name, want := range map[string]string{
		"PreToolUse": "BeforeTool", "pretooluse": "BeforeTool", "BEFORETOOL": "BeforeTool",
		"stop": "AfterAgent", "UserPromptSubmit": "BeforeAgent", "PreCompact": "PreCompress",
	} {
		n, err := LookupEvent(name)
		require.NoError(t, err, name)
		assert.Equal(t, want, n.Event.Name, name)
	}
	_, err := LookupEvent("PreToolUze")
	var unknown *event.UnknownError
	require.True(t, errors.As(err, &unknown))
	assert.Equal(t, "PreToolUse", unknown.Suggestion)
	assert.EqualError(t, err, `unknown event "PreToolUze" (did you mean "PreToolUse"?)`)
}

// TestResolveEvent: the agent formats run an unknown name's own hooks,
// with a warning; the result format refuses it; a hostile name is refused
// everywhere.
func TestResolveEvent(t *testing.T) {
	t.Parallel()
	n, warning, err := ResolveEvent("preToolUse", verdict.FormatResult)
	require.NoError(t, err)
	assert.Equal(t, "BeforeTool", n.Event.Name)
	assert.Equal(t, "PreToolUse", n.Key, "the known name it was read as")
	assert.Empty(t, warning)

	_, _, err = ResolveEvent("BrandNewEvent", verdict.FormatResult)
	require.Error(t, err)

	n, warning, err = ResolveEvent("BrandNewEvent", verdict.Format("claude"))
	require.NoError(t, err)
	assert.True(t, n.Event.Unknown)
	assert.Equal(t, "BrandNewEvent", n.Key)
	assert.Contains(t, warning, `unknown event "BrandNewEvent"`)

	_, _, err = ResolveEvent("bad name\x00", verdict.Format("claude"))
	require.Error(t, err)
}
