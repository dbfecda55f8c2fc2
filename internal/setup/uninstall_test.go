package setup

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestStrip(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name, agent, in string
		data, cleaned   string // compact JSON
		removed, left   []string
	}{{
		name:  "install's entries go, with what they emptied; the user's stay",
		agent: "claude",
		in: `{"a":1,"hooks":{"PreToolUse":[{"matcher":"Bash","hooks":[{"type":"command","command":"./g.sh"}]},{"hooks":[{"type":"command","command":"/x/hookexec fire PreToolUse --format claude","timeout":120}]}],` +
			`"Stop":[{"hooks":[{"type":"command","command":"'/opt/hook exec/hookexec' fire Stop --format claude --fail-closed"}]}]}}`,
		data:    `{"a":1,"hooks":{"PreToolUse":[{"matcher":"Bash","hooks":[{"type":"command","command":"./g.sh"}]}]}}`,
		cleaned: `{"a":1,"hooks":{"PreToolUse":[{"matcher":"Bash","hooks":[{"type":"command","command":"./g.sh"}]}]}}`,
		removed: []string{"PreToolUse", "Stop"},
	}, {
		name:    "an empty hooks goes; an event array the user left empty stays",
		agent:   "claude",
		in:      `{"hooks":{"Stop":[{"hooks":[{"type":"command","command":"hookexec fire Stop --format claude"}]}],"Notification":[]}}`,
		data:    `{"hooks":{"Notification":[]}}`,
		cleaned: `{"hooks":{"Notification":[]}}`,
		removed: []string{"Stop"},
	}, {
		name:    "the user's own hookexec commands stay",
		agent:   "claude",
		in:      `{"hooks":{"Stop":[{"hooks":[{"type":"command","command":"hookexec fire Stop --format claude --config \"$CLAUDE_PROJECT_DIR/.claude/hooks.json\""}]}]}}`,
		data:    `{"hooks":{"Stop":[{"hooks":[{"type":"command","command":"hookexec fire Stop --format claude --config \"$CLAUDE_PROJECT_DIR/.claude/hooks.json\""}]}]}}`,
		cleaned: `{"hooks":{"Stop":[{"hooks":[{"type":"command","command":"hookexec fire Stop --format claude --config \"$CLAUDE_PROJECT_DIR/.claude/hooks.json\""}]}]}}`,
		left:    []string{`Stop: hookexec fire Stop --format claude --config "$CLAUDE_PROJECT_DIR/.claude/hooks.json"`},
	}, {
		name:    "gemini: hooksConfig.enabled goes with the last hook",
		agent:   "gemini",
		in:      `{"hooksConfig":{"enabled":true,"disabled":["x"]},"hooks":{"BeforeTool":[{"hooks":[{"name":"hookexec","type":"command","command":"hookexec fire BeforeTool --format gemini","timeout":120000}]}]}}`,
		data:    `{"hooksConfig":{"enabled":true,"disabled":["x"]}}`,
		cleaned: `{"hooksConfig":{"disabled":["x"]}}`,
		removed: []string{"BeforeTool"},
	}, {
		name:    "an event key with / and ~ in it",
		agent:   "claude",
		in:      `{"hooks":{"a/b~c":[{"hooks":[{"type":"command","command":"hookexec fire Stop --format claude"}]}]}}`,
		data:    `{}`,
		cleaned: `{}`,
		removed: []string{"a/b~c"},
	}, {
		name:    "the running binary counts whatever its name",
		agent:   "claude",
		in:      `{"hooks":{"Stop":[{"hooks":[{"type":"command","command":"/tmp/hookexec.test fire Stop --format claude"}]}]}}`,
		data:    `{}`,
		cleaned: `{}`,
		removed: []string{"Stop"},
	}}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			s, err := strip([]byte(tt.in), agent(t, tt.agent), "/tmp/hookexec.test")
			require.NoError(t, err)
			assert.Equal(t, tt.data, compact(t, s.data))
			assert.Equal(t, tt.cleaned, compact(t, s.cleaned))
			assert.Equal(t, tt.removed, s.removed)
			assert.Equal(t, tt.left, s.left)
		})
	}
}

// A comment added since install is the user's: uninstall keeps it (and the
// backup), rather than putting back the backup's bytes, which lack it.
func TestUninstallKeepsCommentsAddedSinceInstall(t *testing.T) {
	t.Parallel()
	dir, home := t.TempDir(), t.TempDir()
	getenv := func(k string) string {
		if k == "HOME" || k == "USERPROFILE" {
			return home
		}
		return ""
	}
	path := filepath.Join(dir, ".gemini", "settings.json")
	require.NoError(t, os.MkdirAll(filepath.Dir(path), 0o755))
	original := "{\n  // mine\n  \"theme\": \"dark\"\n}\n"
	require.NoError(t, os.WriteFile(path, []byte(original), 0o644))
	ag := agent(t, "gemini")
	_, err := Install(InstallOptions{Agent: ag, ProjectDir: dir, Getenv: getenv, Program: testProgram, Events: []string{"BeforeTool"}})
	require.NoError(t, err)
	installed, err := os.ReadFile(path)
	require.NoError(t, err)
	require.Contains(t, string(installed), "// mine")
	added := strings.Replace(string(installed), "\"theme\"", "/* added since */ \"theme\"", 1)
	require.NoError(t, os.WriteFile(path, []byte(added), 0o644))

	res, err := Uninstall(UninstallOptions{Agent: ag, ProjectDir: dir, Getenv: getenv, Program: testProgram})
	require.NoError(t, err)
	assert.False(t, res.Restored)
	assert.NotEmpty(t, res.BackupKept)
	got, err := os.ReadFile(path)
	require.NoError(t, err)
	assert.Equal(t, "{\n  // mine\n  /* added since */ \"theme\": \"dark\"\n}\n", string(got))
}
