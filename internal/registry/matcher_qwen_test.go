package registry

import (
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/hookexec/hookexec/internal/matcher"
	"github.com/hookexec/hookexec/internal/testevent"
)

// TestQwenMatcher: the qwen dialect reads a matcher as Qwen Code 0.24.4
// does: exact names and the tool's aliases first, then an unanchored
// JavaScript regular expression (make e2e: "Bash" and "Shell" guard
// run_shell_command in Qwen Code).
func TestQwenMatcher(t *testing.T) {
	t.Parallel()
	d := Dialect("qwen")
	tests := []struct {
		event   string
		pattern string
		kind    string
		cases   []matchCase
	}{
		{"PreToolUse", "Bash", matcher.KindRegex, []matchCase{{"run_shell_command", true}, {"read_file", false}}},
		{"PreToolUse", "Shell", matcher.KindRegex, []matchCase{{"run_shell_command", true}}},
		{"PreToolUse", "Write|Edit", matcher.KindRegex, []matchCase{{"write_file", true}, {"edit", true}, {"notebook_edit", false}, {"read_file", false}}},
		{"PreToolUse", "WriteFile | Read", matcher.KindRegex, []matchCase{{"write_file", true}, {"read_file", true}}},
		{"PreToolUse", "run_shell", matcher.KindRegex, []matchCase{{"run_shell_command", true}}},
		{"PreToolUse", "^run_.*_command$", matcher.KindRegex, []matchCase{{"run_shell_command", true}, {"monitor", false}}},
		{"PreToolUse", "search_file_content", matcher.KindRegex, []matchCase{{"grep_search", true}, {"glob", false}}},
		{"PreToolUse", "read_file|*", matcher.KindAll, []matchCase{{"anything", true}}},
		{"PreToolUse", ".*", matcher.KindAll, []matchCase{{"anything", true}}},
		{"PreToolUse", "(Bash)", matcher.KindRegex, []matchCase{{"run_shell_command", false}, {"Bash", true}}},
		{"PreToolUse", "mcp__github__.*", matcher.KindRegex, []matchCase{{"mcp__github__create_issue", true}, {"mcp__gitlab__x", false}}},
		{"SessionStart", "start", matcher.KindRegex, []matchCase{{"startup", true}, {"resume", false}}},
	}
	for _, tt := range tests {
		t.Run(tt.event+"/"+tt.pattern, func(t *testing.T) {
			t.Parallel()
			m, err := CompileMatcher(d, testevent.Get(t, tt.event), tt.pattern)
			require.NoError(t, err)
			assert.Equal(t, tt.kind, m.Kind())
			for _, c := range tt.cases {
				assert.Equal(t, c.want, m.Match(c.value), "%q vs %q", tt.pattern, c.value)
			}
		})
	}

	// A regular expression that does not compile still matches exactly.
	m, err := CompileMatcher(d, testevent.Get(t, "PreToolUse"), "Bash|read_file(")
	require.Error(t, err)
	require.NotNil(t, m)
	assert.Equal(t, matcher.KindExactList, m.Kind())
	assert.True(t, m.Match("run_shell_command"), "Bash is an alias")
	assert.False(t, m.Match("read_file"))
}

// TestQwenTimeouts: the qwen dialect reads a numeric timeout in seconds,
// and 1000 or more in milliseconds, as Qwen Code 0.24.4 does, without a
// warning.
func TestQwenTimeouts(t *testing.T) {
	t.Parallel()
	const config = `{"hooks": {"PreToolUse": [{"hooks": [
  {"type": "command", "command": "a", "timeout": 30},
  {"type": "command", "command": "b", "timeout": 999},
  {"type": "command", "command": "c", "timeout": 1000},
  {"type": "command", "command": "d", "timeout": 5000},
  {"type": "command", "command": "e", "timeout": "2m"}
]}]}}`
	reg, _ := loadString(t, ".qwen/settings.json", config, "")
	require.Empty(t, reg.Warnings)
	var got []time.Duration
	for _, h := range reg.Hooks {
		got = append(got, h.Timeout)
		assert.Equal(t, Dialect("qwen"), h.Dialect)
	}
	assert.Equal(t, []time.Duration{30 * time.Second, 999 * time.Second, time.Second, 5 * time.Second, 2 * time.Minute}, got)
}
