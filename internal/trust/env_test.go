package trust

import (
	"testing"

	"github.com/stretchr/testify/assert"
)

// HOOKEXEC_TRUST_PROJECT counts only outside an agent.
func TestEnvValue(t *testing.T) {
	tests := []struct {
		env           map[string]string
		want, ignored string
	}{
		{map[string]string{EnvVar: "1"}, "1", ""},
		{map[string]string{EnvVar: "sha256:ab"}, "sha256:ab", ""},
		{map[string]string{EnvVar: "1", "CLAUDE_PROJECT_DIR": "/p"}, "", "CLAUDE_PROJECT_DIR is set"},
		{map[string]string{EnvVar: "sha256:ab", "GEMINI_CLI": "1"}, "", "GEMINI_CLI is set"},
		{map[string]string{"CLAUDECODE": "1"}, "", ""},
	}
	for _, tt := range tests {
		v, ignored := EnvValue(func(k string) string { return tt.env[k] })
		assert.Equal(t, tt.want, v, "%v", tt.env)
		if tt.ignored == "" {
			assert.Empty(t, ignored)
		} else {
			assert.Contains(t, ignored, tt.ignored)
		}
	}
}
