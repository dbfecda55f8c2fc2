package registry

import (
	"fmt"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/hookexec/hookexec/internal/matcher"
	"github.com/hookexec/hookexec/internal/testevent"
)

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
		{"write_*", matcher.KindGlob, []matchCase{{"write_file", true}, {"overwrite", false}, {"write", false}, {"write_", true}}},
		{"Edit|Write", matcher.KindGlob, []matchCase{{"Edit", true}, {"Write", true}, {"NotebookEdit", false}, {"Edit|Write", false}, {"edit", false}}},
		{" Edit | Write ", matcher.KindGlob, []matchCase{{"Edit", true}, {"Write", true}, {" Edit", false}}},
		{"{Edit,Write}", matcher.KindGlob, []matchCase{{"Edit", true}, {"Write", true}, {"MultiEdit", false}}},
		{"mcp__github__*", matcher.KindGlob, []matchCase{{"mcp__github__create_issue", true}, {"mcp__gitlab__x", false}}},
		{"read_?ile", matcher.KindGlob, []matchCase{{"read_file", true}, {"read_fle", false}}},
		{"[rw]*_file", matcher.KindGlob, []matchCase{{"read_file", true}, {"write_file", true}, {"edit_file", false}}},
		{"a/*", matcher.KindGlob, []matchCase{{"a/b/c", true}}}, // no separators
		{"re:^read_", matcher.KindRegex, []matchCase{{"read_file", true}, {"unread_x", false}}},
		{"re:file", matcher.KindRegex, []matchCase{{"read_file", true}, {"files", true}, {"FILE", false}}},
		{"re:Edit|Write", matcher.KindRegex, []matchCase{{"NotebookEdit", true}}},
		{"*", matcher.KindAll, []matchCase{{"anything", true}, {"", true}}},
		{"", matcher.KindAll, []matchCase{{"x", true}}},
		{" * ", matcher.KindAll, []matchCase{{"x", true}}},
		{"  ", matcher.KindAll, []matchCase{{"x", true}}},
	}
	ev := testevent.Get(t, "BeforeTool")
	for _, tt := range tests {
		t.Run(tt.pattern, func(t *testing.T) {
			t.Parallel()
			m, err := CompileMatcher(Native, ev, tt.pattern)
			require.NoError(t, err)
			assert.Equal(t, tt.kind, m.Kind())
			assert.Equal(t, tt.kind == matcher.KindAll, m.MatchesAll())
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
		m, err := CompileMatcher(Native, testevent.Get(t, "AfterAgent"), p)
		assert.Nil(t, m, p)
		var pe *matcher.PatternError
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
		{"Edit|Write", matcher.KindExactList, []matchCase{{"Edit", true}, {"Write", true}, {"NotebookEdit", false}}},
		{"Edit, Write", matcher.KindExactList, []matchCase{{"Edit", true}, {"Write", true}, {"Edit, Write", false}}},
		{"mcp__my-server__do_it", matcher.KindExactList, []matchCase{{"mcp__my-server__do_it", true}, {"mcp__my-server__do_it2", false}}},
		{"Edit.*", matcher.KindRegex, []matchCase{{"NotebookEdit", true}, {"EditX", true}, {"Write", false}}},
		{"^Bash$", matcher.KindRegex, []matchCase{{"Bash", true}, {"BashOutput", false}}},
		{"mcp__.*__write", matcher.KindRegex, []matchCase{{"mcp__fs__write", true}}},
		{"*", matcher.KindAll, []matchCase{{"x", true}}},
		{"", matcher.KindAll, []matchCase{{"x", true}}},
	}
	ev := testevent.Get(t, "PreToolUse")
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
	assert.Equal(t, matcher.KindInvalidRegex, m.Kind())
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
		{Gemini, "BeforeTool", "write_.*", matcher.KindRegex, []matchCase{{"write_file", true}, {"overwrite_file", true}, {"read_file", false}}},
		{Gemini, "BeforeTool", "write_file|replace", matcher.KindRegex, []matchCase{{"replace", true}}},
		{LLxprt, "AfterTool", "^run_shell_command$", matcher.KindRegex, []matchCase{{"run_shell_command", true}, {"run_shell_command2", false}}},
		{Gemini, "SessionStart", "start.*", matcher.KindExact, []matchCase{{"startup", false}, {"start.*", true}}},
		{LLxprt, "SessionStart", "startup", matcher.KindExact, []matchCase{{"startup", true}, {"startup2", false}}},
		{Gemini, "Notification", " ToolPermission ", matcher.KindExact, []matchCase{{"ToolPermission", true}}},
		{Gemini, "BeforeTool", "*", matcher.KindAll, []matchCase{{"x", true}}},
		{Gemini, "BeforeAgent", "x.*", matcher.KindRegex, []matchCase{{"xy", true}}},
	}
	for _, tt := range tests {
		t.Run(fmt.Sprintf("%s/%s/%s", tt.dialect, tt.event, tt.pattern), func(t *testing.T) {
			t.Parallel()
			m, err := CompileMatcher(tt.dialect, testevent.Get(t, tt.event), tt.pattern)
			require.NoError(t, err)
			assert.Equal(t, tt.kind, m.Kind())
			for _, c := range tt.cases {
				assert.Equal(t, c.want, m.Match(c.value), "%q vs %q", tt.pattern, c.value)
			}
		})
	}

	// An invalid regexp falls back to exact equality; the error says so.
	m, err := CompileMatcher(Gemini, testevent.Get(t, "BeforeTool"), "write_file(")
	require.Error(t, err)
	require.NotNil(t, m)
	assert.Equal(t, matcher.KindExact, m.Kind())
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
		assert.Equal(t, matcher.KindGlob, reg.Hooks[0].Matcher.Kind())
	})
	t.Run("claude", func(t *testing.T) {
		t.Parallel()
		reg, _ := loadString(t, "hooks.json", config, Claude)
		assert.Equal(t, []string{"bad-glob", "bad-re", "good", "bad-on-no-field"}, commands(reg))
		assert.Equal(t, matcher.KindInvalidRegex, reg.Hooks[0].Matcher.Kind())
		assert.Equal(t, matcher.KindRegex, reg.Hooks[2].Matcher.Kind())
		w := warningTexts(reg) // "{x" is a valid RE2 (a literal brace)
		require.Len(t, w, 2)
		assert.Regexp(t, `^3:17: BeforeTool\[0\]: matcher "\[abc" does not compile: .*; this matcher never matches$`, w[0])
	})
	t.Run("gemini", func(t *testing.T) {
		t.Parallel()
		reg, _ := loadString(t, "hooks.json", config, Gemini)
		assert.Len(t, reg.Hooks, 4)
		assert.Empty(t, reg.Warnings)
		assert.Equal(t, matcher.KindExact, reg.Hooks[0].Matcher.Kind())
	})
}

// The same patterns read in each dialect (SPEC §3.1): the cases users most
// often get wrong when they move a config from one agent to another.
func TestMatcherPerDialect(t *testing.T) {
	t.Parallel()
	type row struct {
		dialect Dialect
		event   string
		pattern string
		kind    string
		invalid bool // the pattern does not compile (a *matcher.PatternError)
		cases   []matchCase
	}
	edit := []matchCase{{"Edit", true}, {"Write", true}, {"NotebookEdit", false}, {"MultiEdit", false}}
	tests := []row{
		// Edit|Write: whole names everywhere but gemini/llxprt, where it is
		// an unanchored regexp.
		{Native, "BeforeTool", "Edit|Write", matcher.KindGlob, false, edit},
		{Claude, "PreToolUse", "Edit|Write", matcher.KindExactList, false, edit},
		{Gemini, "BeforeTool", "Edit|Write", matcher.KindRegex, false, []matchCase{{"Edit", true}, {"NotebookEdit", true}, {"Writer", true}, {"edit", false}}},
		{LLxprt, "BeforeTool", "Edit|Write", matcher.KindRegex, false, []matchCase{{"NotebookEdit", true}}},
		// "Edit, Write": a list in claude only.
		{Claude, "PreToolUse", "Edit, Write", matcher.KindExactList, false, edit},
		{Native, "BeforeTool", "Edit, Write", matcher.KindGlob, false, []matchCase{{"Edit", false}, {"Edit, Write", true}}},
		{Gemini, "BeforeTool", "Edit, Write", matcher.KindRegex, false, []matchCase{{"Edit", false}, {"x Edit, Writer", true}}},
		// Edit.*: a regexp in claude (so NotebookEdit matches), a glob
		// with a literal dot in native.
		{Claude, "PreToolUse", "Edit.*", matcher.KindRegex, false, []matchCase{{"Edit", true}, {"NotebookEdit", true}, {"Write", false}}},
		{Native, "BeforeTool", "Edit.*", matcher.KindGlob, false, []matchCase{{"Edit", false}, {"NotebookEdit", false}, {"Edit.x", true}}},
		{Gemini, "BeforeTool", "Edit.*", matcher.KindRegex, false, []matchCase{{"NotebookEdit", true}}},
		{Native, "BeforeTool", "re:Edit.*", matcher.KindRegex, false, []matchCase{{"NotebookEdit", true}}},
		// mcp__memory names the server, not its tools, except as a
		// gemini/llxprt regexp.
		{Claude, "PreToolUse", "mcp__memory", matcher.KindExactList, false, []matchCase{{"mcp__memory", true}, {"mcp__memory__create_entities", false}}},
		{Native, "BeforeTool", "mcp__memory", matcher.KindGlob, false, []matchCase{{"mcp__memory", true}, {"mcp__memory__create_entities", false}}},
		{Gemini, "BeforeTool", "mcp__memory", matcher.KindRegex, false, []matchCase{{"mcp__memory__create_entities", true}}},
		{LLxprt, "BeforeTool", "mcp__memory", matcher.KindRegex, false, []matchCase{{"mcp__memory__create_entities", true}}},
		// mcp__memory__.*: every tool of the server.
		{Claude, "PreToolUse", "mcp__memory__.*", matcher.KindRegex, false, []matchCase{{"mcp__memory__create_entities", true}, {"mcp__memory", false}, {"mcp__github__x", false}}},
		{Gemini, "BeforeTool", "mcp__memory__.*", matcher.KindRegex, false, []matchCase{{"mcp__memory__create_entities", true}, {"mcp__memory", false}}},
		{Native, "BeforeTool", "mcp__memory__*", matcher.KindGlob, false, []matchCase{{"mcp__memory__create_entities", true}, {"mcp__memory", false}}},
		{Native, "BeforeTool", "mcp__memory__.*", matcher.KindGlob, false, []matchCase{{"mcp__memory__create_entities", false}}},
		// write_.* and write_* in gemini/llxprt: unanchored regexps; write_*
		// is "write" then any number of "_", so it also matches overwrite.
		{Gemini, "BeforeTool", "write_.*", matcher.KindRegex, false, []matchCase{{"write_file", true}, {"overwrite", false}, {"rewrite_file", true}, {"read_file", false}}},
		{Gemini, "BeforeTool", "write_*", matcher.KindRegex, false, []matchCase{{"write_file", true}, {"overwrite", true}, {"write", true}, {"read_file", false}}},
		{LLxprt, "BeforeTool", "write_.*", matcher.KindRegex, false, []matchCase{{"write_file", true}, {"overwrite", false}}},
		{LLxprt, "BeforeTool", "write_*", matcher.KindRegex, false, []matchCase{{"write_file", true}, {"overwrite", true}}},
		{Native, "BeforeTool", "write_*", matcher.KindGlob, false, []matchCase{{"write_file", true}, {"overwrite", false}, {"write", false}}},
		// Trigger-like match values are compared for exact equality in
		// gemini/llxprt: start.* does not match startup.
		{Gemini, "SessionStart", "start.*", matcher.KindExact, false, []matchCase{{"startup", false}, {"start.*", true}}},
		{LLxprt, "SessionStart", "start.*", matcher.KindExact, false, []matchCase{{"startup", false}}},
		{Gemini, "PreCompress", "auto.*", matcher.KindExact, false, []matchCase{{"auto", false}, {"auto.*", true}}},
		{LLxprt, "PreCompress", "manual|auto", matcher.KindExact, false, []matchCase{{"auto", false}, {"manual|auto", true}}},
		{Gemini, "PreCompress", "auto", matcher.KindExact, false, []matchCase{{"auto", true}, {"manual", false}}},
		{Claude, "SessionStart", "start.*", matcher.KindRegex, false, []matchCase{{"startup", true}}},
		{Claude, "PreCompact", "manual|auto", matcher.KindExactList, false, []matchCase{{"auto", true}, {"manual", true}, {"automatic", false}}},
		{Native, "SessionStart", "start*", matcher.KindGlob, false, []matchCase{{"startup", true}}},
		{Native, "PreCompress", "start.*", matcher.KindGlob, false, []matchCase{{"startup", false}}},
		// Patterns that do not compile, in each dialect: native is invalid
		// (nil matcher), claude never matches, gemini/llxprt compare for
		// exact equality on tool names.
		{Claude, "PreToolUse", "Bash(", matcher.KindInvalidRegex, true, []matchCase{{"Bash(", false}, {"Bash", false}}},
		{Claude, "PreToolUse", "(?i)x", matcher.KindInvalidRegex, true, []matchCase{{"x", false}, {"(?i)x", false}}},
		{Gemini, "BeforeTool", "(?i)x", matcher.KindExact, true, []matchCase{{"(?i)x", true}, {"x", false}}},
		{Gemini, "BeforeTool", "run_shell_command(", matcher.KindExact, true, []matchCase{{"run_shell_command(", true}, {"run_shell_command", false}}},
		{LLxprt, "BeforeTool", "[", matcher.KindExact, true, []matchCase{{"[", true}, {"", false}}},
		// JavaScript without the u flag reads \p{Bad} as "p{Bad}".
		{LLxprt, "AfterTool", `\p{Bad}`, matcher.KindRegex, false, []matchCase{{"xp{Bad}", true}, {"pBad", false}}},
	}
	for _, tt := range tests {
		t.Run(fmt.Sprintf("%s/%s/%s", tt.dialect, tt.event, tt.pattern), func(t *testing.T) {
			t.Parallel()
			m, err := CompileMatcher(tt.dialect, testevent.Get(t, tt.event), tt.pattern)
			if tt.invalid {
				var pe *matcher.PatternError
				require.ErrorAs(t, err, &pe)
			} else {
				require.NoError(t, err)
			}
			require.NotNil(t, m)
			assert.Equal(t, tt.kind, m.Kind())
			assert.False(t, m.MatchesAll())
			for _, c := range tt.cases {
				assert.Equal(t, c.want, m.Match(c.value), "%q vs %q", tt.pattern, c.value)
			}
		})
	}

	// A native pattern that does not compile has no matcher at all: its
	// definition is skipped.
	for _, p := range []string{"[", "re:(?=x)", "{Edit,Write"} {
		m, err := CompileMatcher(Native, testevent.Get(t, "BeforeTool"), p)
		assert.Nil(t, m, p)
		assert.Error(t, err, p)
	}
	// "(" is a literal in a glob.
	m, err := CompileMatcher(Native, testevent.Get(t, "BeforeTool"), "Bash(")
	require.NoError(t, err)
	assert.True(t, m.Match("Bash("))
}
