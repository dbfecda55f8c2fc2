package registry

import (
	"fmt"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/hookexec/hookexec/internal/event"
)

func mustEvent(t testing.TB, key string) event.Event {
	t.Helper()
	ev, ok := event.ByKey(key)
	require.True(t, ok, key)
	return ev
}

type matchCase struct {
	value string
	want  bool
}

func TestNativeMatcher(t *testing.T) {
	t.Parallel()
	tests := []struct {
		pattern string
		kind    string
		cases   []matchCase
	}{
		{"write_*", KindGlob, []matchCase{{"write_file", true}, {"overwrite", false}, {"write", false}, {"write_", true}}},
		{"Edit|Write", KindGlob, []matchCase{{"Edit", true}, {"Write", true}, {"NotebookEdit", false}, {"Edit|Write", false}, {"edit", false}}},
		{" Edit | Write ", KindGlob, []matchCase{{"Edit", true}, {"Write", true}, {" Edit", false}}},
		{"{Edit,Write}", KindGlob, []matchCase{{"Edit", true}, {"Write", true}, {"MultiEdit", false}}},
		{"mcp__github__*", KindGlob, []matchCase{{"mcp__github__create_issue", true}, {"mcp__gitlab__x", false}}},
		{"read_?ile", KindGlob, []matchCase{{"read_file", true}, {"read_fle", false}}},
		{"[rw]*_file", KindGlob, []matchCase{{"read_file", true}, {"write_file", true}, {"edit_file", false}}},
		{"a/*", KindGlob, []matchCase{{"a/b/c", true}}}, // no separators
		{"re:^read_", KindRegex, []matchCase{{"read_file", true}, {"unread_x", false}}},
		{"re:file", KindRegex, []matchCase{{"read_file", true}, {"files", true}, {"FILE", false}}},
		{"re:Edit|Write", KindRegex, []matchCase{{"NotebookEdit", true}}},
		{"*", KindAll, []matchCase{{"anything", true}, {"", true}}},
		{"", KindAll, []matchCase{{"x", true}}},
		{" * ", KindAll, []matchCase{{"x", true}}},
		{"  ", KindAll, []matchCase{{"x", true}}},
	}
	ev := mustEvent(t, "BeforeTool")
	for _, tt := range tests {
		t.Run(tt.pattern, func(t *testing.T) {
			t.Parallel()
			m, err := CompileMatcher(Native, ev, tt.pattern)
			require.NoError(t, err)
			assert.Equal(t, tt.kind, m.Kind())
			assert.Equal(t, tt.kind == KindAll, m.MatchesAll())
			assert.Equal(t, tt.pattern, m.String())
			for _, c := range tt.cases {
				assert.Equal(t, c.want, m.Match(c.value), "%q vs %q", tt.pattern, c.value)
			}
		})
	}
}

func TestNativeMatcherInvalid(t *testing.T) {
	t.Parallel()
	for _, p := range []string{"[abc", "{a,b", "Edit|[x", "re:(", "re:(?=x)"} {
		m, err := CompileMatcher(Native, mustEvent(t, "AfterAgent"), p)
		assert.Nil(t, m, p)
		var pe *PatternError
		assert.ErrorAs(t, err, &pe, p)
	}
}

func TestClaudeMatcher(t *testing.T) {
	t.Parallel()
	tests := []struct {
		pattern string
		kind    string
		cases   []matchCase
	}{
		{"Edit|Write", KindExactList, []matchCase{{"Edit", true}, {"Write", true}, {"NotebookEdit", false}}},
		{"Edit, Write", KindExactList, []matchCase{{"Edit", true}, {"Write", true}, {"Edit, Write", false}}},
		{"mcp__my-server__do_it", KindExactList, []matchCase{{"mcp__my-server__do_it", true}, {"mcp__my-server__do_it2", false}}},
		{"Edit.*", KindRegex, []matchCase{{"NotebookEdit", true}, {"EditX", true}, {"Write", false}}},
		{"^Bash$", KindRegex, []matchCase{{"Bash", true}, {"BashOutput", false}}},
		{"mcp__.*__write", KindRegex, []matchCase{{"mcp__fs__write", true}}},
		{"*", KindAll, []matchCase{{"x", true}}},
		{"", KindAll, []matchCase{{"x", true}}},
	}
	ev := mustEvent(t, "PreToolUse")
	for _, tt := range tests {
		t.Run(tt.pattern, func(t *testing.T) {
			t.Parallel()
			m, err := CompileMatcher(Claude, ev, tt.pattern)
			require.NoError(t, err)
			assert.Equal(t, tt.kind, m.Kind())
			for _, c := range tt.cases {
				assert.Equal(t, c.want, m.Match(c.value), "%q vs %q", tt.pattern, c.value)
			}
		})
	}

	m, err := CompileMatcher(Claude, ev, "Edit(")
	require.Error(t, err)
	require.NotNil(t, m, "an invalid claude regexp is kept")
	assert.Equal(t, KindInvalidRegex, m.Kind())
	assert.False(t, m.Match("Edit("))
	assert.False(t, m.Match("Edit"))
	assert.False(t, m.MatchesAll())
}

func TestGeminiMatcher(t *testing.T) {
	t.Parallel()
	tests := []struct {
		dialect Dialect
		event   string
		pattern string
		kind    string
		cases   []matchCase
	}{
		{Gemini, "BeforeTool", "write_.*", KindRegex, []matchCase{{"write_file", true}, {"overwrite_file", true}, {"read_file", false}}},
		{Gemini, "BeforeTool", "write_file|replace", KindRegex, []matchCase{{"replace", true}}},
		{LLxprt, "AfterTool", "^run_shell_command$", KindRegex, []matchCase{{"run_shell_command", true}, {"run_shell_command2", false}}},
		{Gemini, "SessionStart", "start.*", KindExact, []matchCase{{"startup", false}, {"start.*", true}}},
		{LLxprt, "SessionStart", "startup", KindExact, []matchCase{{"startup", true}, {"startup2", false}}},
		{Gemini, "Notification", " ToolPermission ", KindExact, []matchCase{{"ToolPermission", true}}},
		{Gemini, "BeforeTool", "*", KindAll, []matchCase{{"x", true}}},
		{Gemini, "BeforeAgent", "x.*", KindRegex, []matchCase{{"xy", true}}},
	}
	for _, tt := range tests {
		t.Run(fmt.Sprintf("%s/%s/%s", tt.dialect, tt.event, tt.pattern), func(t *testing.T) {
			t.Parallel()
			m, err := CompileMatcher(tt.dialect, mustEvent(t, tt.event), tt.pattern)
			require.NoError(t, err)
			assert.Equal(t, tt.kind, m.Kind())
			for _, c := range tt.cases {
				assert.Equal(t, c.want, m.Match(c.value), "%q vs %q", tt.pattern, c.value)
			}
		})
	}

	// An invalid regexp falls back to exact equality; the error says so.
	m, err := CompileMatcher(Gemini, mustEvent(t, "BeforeTool"), "write_file(")
	require.Error(t, err)
	require.NotNil(t, m)
	assert.Equal(t, KindExact, m.Kind())
	assert.True(t, m.Match("write_file("))
	assert.False(t, m.Match("write_file"))
}

// Matchers are compiled at load time whatever the event: a bad native
// matcher skips its definition (with a warning), even on an event without a
// match value; a bad claude regexp is kept and warned about; a bad gemini
// one falls back silently.
func TestLoadMatcherDiagnostics(t *testing.T) {
	t.Parallel()
	config := `{"hooks": {
  "BeforeTool": [
    {"matcher": "[abc", "hooks": [{"type": "command", "command": "bad-glob"}]},
    {"matcher": "re:(", "hooks": [{"type": "command", "command": "bad-re"}]},
    {"matcher": "write_*", "hooks": [{"type": "command", "command": "good"}]}
  ],
  "AfterAgent": [
    {"matcher": "{x", "hooks": [{"type": "command", "command": "bad-on-no-field"}]}
  ]
}}`
	t.Run("native", func(t *testing.T) {
		t.Parallel()
		reg, _ := loadString(t, "hooks.json", config, "")
		assert.Equal(t, []string{"good"}, commands(reg))
		w := warningTexts(reg)
		require.Len(t, w, 3)
		assert.Regexp(t, `^3:17: BeforeTool\[0\]: matcher "\[abc" does not compile: .*; definition skipped$`, w[0])
		assert.Regexp(t, `^4:17: BeforeTool\[1\]: matcher "re:\(" does not compile: .*missing closing \).*; definition skipped$`, w[1])
		assert.Regexp(t, `^8:17: AfterAgent\[0\]: matcher "\{x" does not compile`, w[2])
		assert.Equal(t, KindGlob, reg.Hooks[0].Matcher.Kind())
	})
	t.Run("claude", func(t *testing.T) {
		t.Parallel()
		reg, _ := loadString(t, "hooks.json", config, Claude)
		assert.Equal(t, []string{"bad-glob", "bad-re", "good", "bad-on-no-field"}, commands(reg))
		assert.Equal(t, KindInvalidRegex, reg.Hooks[0].Matcher.Kind())
		assert.Equal(t, KindRegex, reg.Hooks[2].Matcher.Kind())
		w := warningTexts(reg) // "{x" is a valid RE2 (a literal brace)
		require.Len(t, w, 2)
		assert.Regexp(t, `^3:17: BeforeTool\[0\]: matcher "\[abc" does not compile: .*; this matcher never matches$`, w[0])
	})
	t.Run("gemini", func(t *testing.T) {
		t.Parallel()
		reg, _ := loadString(t, "hooks.json", config, Gemini)
		assert.Len(t, reg.Hooks, 4)
		assert.Empty(t, reg.Warnings)
		assert.Equal(t, KindExact, reg.Hooks[0].Matcher.Kind())
	})
}
