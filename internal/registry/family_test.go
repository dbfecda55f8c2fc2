package registry

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/hookexec/hookexec/internal/agents/agent"
	"github.com/hookexec/hookexec/internal/matcher"
	"github.com/hookexec/hookexec/internal/testevent"
)

// TestFamilyMatcher: "@FAMILY" alternatives match a tool of the family in
// every agent, alone or beside globs; with the family the view read
// (MatchTool), the name's own spelling does not matter.
func TestFamilyMatcher(t *testing.T) {
	t.Parallel()
	ev := testevent.Get(t, "BeforeTool")
	m, err := CompileMatcher(Native, ev, "@shell")
	require.NoError(t, err)
	assert.Equal(t, matcher.KindFamily, m.Kind())
	assert.False(t, m.MatchesAll())
	for tool, want := range map[string]bool{"Bash": true, "run_shell_command": true, "Read": false, "bash_it": false, "": false} {
		assert.Equal(t, want, m.Match(tool), tool)
	}
	tm, ok := m.(matcher.ToolMatcher)
	require.True(t, ok)
	assert.True(t, tm.MatchTool("Execute", agent.FamilyShell), "another agent's shell tool, by the family the view gives it")
	assert.False(t, tm.MatchTool("Bash", agent.FamilyRead), "the view's family wins")
	assert.Equal(t, []agent.Family{agent.FamilyShell}, tm.Families())

	mixed, err := CompileMatcher(Native, ev, " @shell | @edit |Write|mcp__*")
	require.NoError(t, err)
	for tool, want := range map[string]bool{"Bash": true, "replace": true, "MultiEdit": true, "Write": true, "write_file": false, "mcp__x__y": true, "Grep": false} {
		assert.Equal(t, want, mixed.Match(tool), tool)
	}
	mcp, err := CompileMatcher(Native, ev, "@mcp")
	require.NoError(t, err)
	assert.True(t, mcp.Match("mcp__github__create_issue"))
	assert.False(t, mcp.Match("mcp"))
}

func TestFamilyMatcherErrors(t *testing.T) {
	t.Parallel()
	ev := testevent.Get(t, "BeforeTool")
	for pattern, msg := range map[string]string{
		"@shel":       `matcher "@shel" does not compile: unknown tool family "@shel" (did you mean "@shell"?)`,
		"Bash|@Shell": `matcher "Bash|@Shell" does not compile: unknown tool family "@Shell" (did you mean "@shell"?)`,
		"@":           `matcher "@" does not compile: unknown tool family "@" (families: @shell, @read, @write, @edit, @search, @web, @mcp, @agent, @other)`,
		"@filesystem": `matcher "@filesystem" does not compile: unknown tool family "@filesystem" (families: @shell, @read, @write, @edit, @search, @web, @mcp, @agent, @other)`,
	} {
		m, err := CompileMatcher(Native, ev, pattern)
		assert.Nil(t, m, pattern)
		assert.EqualError(t, err, msg, pattern)
	}
}

// TestFamilyOnlyForTools: "@" is a family only where matchers see tool
// names, and only in the native dialect; elsewhere it is as it was.
func TestFamilyOnlyForTools(t *testing.T) {
	t.Parallel()
	m, err := CompileMatcher(Native, testevent.Get(t, "SessionStart"), "@startup")
	require.NoError(t, err)
	assert.Equal(t, matcher.KindGlob, m.Kind())
	assert.True(t, m.Match("@startup"))
	c, err := CompileMatcher(Dialect("claude"), testevent.Get(t, "PreToolUse"), "@shell")
	require.NoError(t, err)
	assert.False(t, c.Match("Bash"), "Claude Code reads the matcher, not hookexec")
}

// TestValidateToolNames: validate warns about a literal tool name no agent
// has, with the closest name or a family; globs, families and MCP names
// pass.
func TestValidateToolNames(t *testing.T) {
	t.Parallel()
	def := func(matcher string) string {
		return `{"hooks": {"BeforeTool": [{"matcher": "` + matcher + `", "hooks": [{"type": "command", "command": "true"}]}]}}`
	}
	for matcher, want := range map[string][]string{
		"Bash|run_shell_command|@edit": {},
		"mcp__github__create_issue":    {},
		"Bassh*":                       {},
		"Bassh":                        {`1:39: warning: BeforeTool[0]: matcher "Bassh": no agent hookexec knows has a tool named "Bassh", so this alternative matches nothing (did you mean "Bash", or a family such as "@shell"?)`},
		"Edit|search":                  {`1:39: warning: BeforeTool[0]: matcher "Edit|search": no agent hookexec knows has a tool named "search", so this alternative matches nothing (did you mean the family "@search"?)`},
		"Frobnicate":                   {`1:39: warning: BeforeTool[0]: matcher "Frobnicate": no agent hookexec knows has a tool named "Frobnicate", so this alternative matches nothing; name a tool of an agent, or a family: @shell, @read, @write, @edit, @search, @web, @mcp, @agent, @other`},
	} {
		assert.Equal(t, want, validateString(t, t.TempDir(), "hooks.json", def(matcher), nil), matcher)
	}
	claude := `{"hooks": {"PreToolUse": [{"matcher": "Bassh", "hooks": [{"type": "command", "command": "true"}]}]}}`
	assert.Empty(t, validateString(t, t.TempDir(), ".claude/settings.json", claude, nil), "an agent's own config is the agent's business")
}
