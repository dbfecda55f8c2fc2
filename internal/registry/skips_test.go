package registry

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestWarningSkipsAndEventKey: each warning says whether hooks were left
// out because of it, and under which "hooks" key, so that the agent formats
// can tell the user and --fail-closed can deny the event they were for.
func TestWarningSkipsAndEventKey(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name    string
		config  string
		dialect Dialect
		key     string
		skips   bool
	}{
		{"unsupported type", `{"hooks":{"PreToolUse":[{"hooks":[{"type":"prompt","prompt":"ok?"}]}]}}`, Claude, "PreToolUse", true},
		{"hook not an object", `{"hooks":{"Stop":[{"hooks":[42]}]}}`, Claude, "Stop", true},
		{"invalid definition", `{"hooks":{"BeforeTool":[{"priority":"high","hooks":[{"type":"command","command":"x"}]}]}}`, Native, "BeforeTool", true},
		{"claude regex never matches", `{"hooks":{"PreToolUse":[{"matcher":"(unclosed","hooks":[{"type":"command","command":"x"}]}]}}`, Claude, "PreToolUse", true},
		{"unknown event", `{"hooks":{"PreToolUze":[{"hooks":[{"type":"command","command":"x"}]}]}}`, Native, "PreToolUze", true},
		{"hooks not an object", `{"hooks":[]}`, Native, "", true},
		{"setting of the wrong type", `{"hooksConfig":{"enabled":"yes"},"hooks":{}}`, Native, "", false},
		{"env entry ignored", `{"hooks":{"BeforeTool":[{"hooks":[{"type":"command","command":"x","env":{"HOOKEXEC_TRUST_PROJECT":"1"}}]}]}}`, Native, "BeforeTool", false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			reg, _ := loadString(t, "hooks.json", tt.config, tt.dialect)
			require.NotEmpty(t, reg.Warnings, "a warning")
			w := reg.Warnings[0]
			assert.Equal(t, tt.key, w.EventKey, w.Message)
			assert.Equal(t, tt.skips, w.Skips, w.Message)
		})
	}
}

// TestSkippedFileSkips: a file that is skipped whole (here one that others
// may write) leaves its hooks out, for every event.
func TestSkippedFileSkips(t *testing.T) {
	t.Parallel()
	reg := &Registry{}
	reg.skip(fileSpec{path: "x.json"}, "writable by others")
	require.Len(t, reg.Warnings, 1)
	assert.True(t, reg.Warnings[0].Skips)
	assert.Empty(t, reg.Warnings[0].EventKey)
}
