package registry

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/hookexec/hookexec/internal/matcher"
	"github.com/hookexec/hookexec/internal/testevent"
)

// TestCodexMatcher: Codex CLI's rules (events/common.rs): exact names for a
// matcher of letters, digits, '_' and '|', else a regular expression, and
// Write|Edit select apply_patch, as Codex's matcher aliases do.
func TestCodexMatcher(t *testing.T) {
	t.Parallel()
	codex := Dialect("codex")
	tests := []struct {
		pattern string
		kind    string
		cases   []matchCase
	}{
		{"Edit|Write", matcher.KindExactList, []matchCase{{"apply_patch", true}, {"Edit", true}, {"Bash", false}, {"NotebookEdit", false}}},
		{"Write", matcher.KindExactList, []matchCase{{"apply_patch", true}}},
		{"Agent", matcher.KindExactList, []matchCase{{"spawn_agent", true}}},
		{"Bash", matcher.KindExactList, []matchCase{{"Bash", true}, {"BashOutput", false}}},
		{"apply_patch", matcher.KindExactList, []matchCase{{"apply_patch", true}, {"Bash", false}}},
		// A comma or a space makes a regular expression in Codex, not a
		// list as in Claude Code.
		{"Edit, Write", matcher.KindRegex, []matchCase{{"Edit, Write", true}, {"apply_patch", false}}},
		{"^Bash", matcher.KindRegex, []matchCase{{"BashOutput", true}}},
		{"mcp__memory__.*", matcher.KindRegex, []matchCase{{"mcp__memory__create_entities", true}, {"mcp__memory", false}}},
		{"Ed.t", matcher.KindRegex, []matchCase{{"apply_patch", true}, {"Bash", false}}},
		{"*", matcher.KindAll, []matchCase{{"x", true}}},
	}
	ev := testevent.Get(t, "PreToolUse")
	for _, tt := range tests {
		t.Run(tt.pattern, func(t *testing.T) {
			t.Parallel()
			m, err := CompileMatcher(codex, ev, tt.pattern)
			require.NoError(t, err)
			assert.Equal(t, tt.kind, m.Kind())
			for _, c := range tt.cases {
				assert.Equal(t, c.want, m.Match(c.value), "%q vs %q", tt.pattern, c.value)
			}
		})
	}

	m, err := CompileMatcher(codex, ev, "Edit(")
	require.Error(t, err, "Codex skips a definition whose regex does not compile")
	assert.Nil(t, m)

	// On an event whose match value is not a tool name, no alias applies.
	m, err = CompileMatcher(codex, testevent.Get(t, "SessionStart"), "startup|resume")
	require.NoError(t, err)
	assert.True(t, m.Match("resume"))
	assert.False(t, m.Match("clear"))
}
