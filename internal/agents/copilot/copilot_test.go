package copilot

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/hookexec/hookexec/internal/agents/agent"
	"github.com/hookexec/hookexec/internal/event"
	"github.com/hookexec/hookexec/internal/testevent"
)

func testEvent(t *testing.T, name string) event.Event { return testevent.Get(t, name) }

func TestEventNames(t *testing.T) {
	t.Parallel()
	a := Agent()
	for canonical, want := range map[string]string{
		"BeforeTool": "preToolUse", "AfterTool": "postToolUse", "BeforeAgent": "userPromptSubmitted",
		"AfterAgent": "agentStop", "SessionStart": "sessionStart", "PermissionRequest": "permissionRequest",
		"StopFailure": "errorOccurred", "PreCompress": "preCompact",
	} {
		got, ok := a.EventKey(testEvent(t, canonical))
		assert.True(t, ok, canonical)
		assert.Equal(t, want, got, canonical)
	}
	_, ok := a.EventKey(testEvent(t, "BeforeModel"))
	assert.False(t, ok, "Copilot has no BeforeModel")
	_, ok = a.EventKey(testEvent(t, "WorktreeCreate"))
	assert.False(t, ok, "nor Claude Code's own events")
}

func TestAliasesArePascalCase(t *testing.T) {
	t.Parallel()
	a := Agent()
	byKey := map[string]string{}
	for _, al := range a.Aliases {
		assert.Empty(t, al.Family, al.Key)
		byKey[al.Key] = al.Event
	}
	assert.Equal(t, "BeforeTool", byKey["PreToolUse"])
	assert.Equal(t, "AfterAgent", byKey["Stop"])
	assert.Equal(t, "BeforeAgent", byKey["UserPromptSubmit"])
	assert.Equal(t, "PreCompress", byKey["PreCompact"])
	assert.Len(t, a.Aliases, len(pascal), "every PascalCase name is a catalogue event")
	for _, al := range a.Aliases {
		ev, ok := event.ByKey(al.Event)
		require.True(t, ok, al.Event)
		_, has := a.EventKey(ev)
		assert.True(t, has, "%s is an alias of an event Copilot also fires under its own name", al.Key)
	}
}

func TestToolFamilies(t *testing.T) {
	t.Parallel()
	tools := Tools()
	for name, want := range map[string]agent.Family{
		"bash": agent.FamilyShell, "Bash": agent.FamilyShell, "powershell": agent.FamilyShell,
		"view": agent.FamilyRead, "Read": agent.FamilyRead, "create": agent.FamilyWrite, "Write": agent.FamilyWrite,
		"edit": agent.FamilyEdit, "Edit": agent.FamilyEdit, "grep": agent.FamilySearch, "Glob": agent.FamilySearch,
		"task": agent.FamilyAgent, "read_bash": agent.FamilyOther,
	} {
		got, ok := tools.FamilyOf(name, "")
		assert.True(t, ok, name)
		assert.Equal(t, want, got, name)
	}
	seen := map[string]bool{}
	for _, tl := range tools {
		assert.False(t, seen[tl.Name], "%s listed twice", tl.Name)
		seen[tl.Name] = true
	}
}

func TestInstallFiles(t *testing.T) {
	t.Parallel()
	a := Agent()
	assert.Equal(t, "/p/.github/hooks/hookexec.json", a.SettingsPath(agent.ProjectScope, "/p", "/h"))
	assert.Equal(t, "/h/.copilot/hooks/hookexec.json", a.SettingsPath(agent.UserScope, "/p", "/h"))
	assert.Equal(t, agent.LayoutFlat, a.Layout)
	assert.Equal(t, "bash", a.Flat.Command)
	assert.Equal(t, "timeoutSec", a.Flat.Timeout)
	assert.Equal(t, 1, a.Flat.Version)
}
