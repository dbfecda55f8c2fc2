package registry

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/hookexec/hookexec/internal/matcher"
	"github.com/hookexec/hookexec/internal/testevent"
)

// Copilot CLI anchors its matcher at both ends (a real run of 1.0.102:
// "bas" does not run on bash, "ba.*" does, "Bash" does not under
// preToolUse; under PreToolUse "bash", "Bash", "view" and "Read" match the
// tools they name, "read" does not).
func TestCopilotMatcherIsAnchored(t *testing.T) {
	t.Parallel()
	ev := testevent.Get(t, "BeforeTool")
	for pattern, cases := range map[string][]matchCase{
		"bash":      {{"bash", true}, {"read_bash", false}, {"bash2", false}, {"BASH", false}},
		"bas":       {{"bash", false}},
		"ba.*":      {{"bash", true}, {"xbash", false}},
		"view|bash": {{"view", true}, {"bash", true}, {"edit", false}},
	} {
		m, err := CompileMatcher(Dialect("copilot"), ev, pattern)
		require.NoError(t, err, pattern)
		assert.Equal(t, matcher.KindAnchoredRegex, m.Kind(), pattern)
		assert.Equal(t, pattern, m.String())
		for _, c := range cases {
			assert.Equal(t, c.want, m.Match(c.value), "%q vs %q", pattern, c.value)
		}
	}
	// Under the PascalCase events Copilot names the tool Bash, and the
	// matcher selects it by either name.
	for pattern, cases := range map[string][]matchCase{
		"bash": {{"Bash", true}, {"Read", false}},
		"Bash": {{"Bash", true}, {"bash", false}},
		"view": {{"Read", true}, {"view", true}},
		"read": {{"Read", false}},
	} {
		m, err := CompileMatcher(Dialect("copilot"), ev, pattern)
		require.NoError(t, err)
		for _, c := range cases {
			assert.Equal(t, c.want, m.Match(c.value), "%q vs %q", pattern, c.value)
		}
	}
	m, err := CompileMatcher(Dialect("copilot"), ev, "ba(")
	require.Error(t, err)
	assert.Equal(t, matcher.KindInvalidRegex, m.Kind(), "a pattern that does not compile never matches")
	assert.False(t, m.Match("ba("))
	assert.True(t, badMatcherNeverMatches(m))
}
