package registry

import (
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// A guard in a first "hooks" key must never vanish silently behind a
// second one.
const twoHooksKeys = `{
  "hooks": {"BeforeTool": [{"hooks": [{"type": "command", "command": "guard"}]}]},
  "other": 1,
  "hooks": {"AfterTool": [{"hooks": [{"type": "command", "command": "after"}]}]}
}`

func TestDuplicateKeyNativeIsAnError(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name, config, key string
		line, col         int // the last occurrence
		firstAt           string
	}{
		{"top-level hooks", twoHooksKeys, "hooks", 4, 3, ":2:3)"},
		{"hooksConfig", `{"hooksConfig": {"enabled": false}, "hooksConfig": {}}`, "hooksConfig", 1, 37, ":1:2)"},
		{"event key", `{"hooks": {"BeforeTool": [], "BeforeTool": []}}`, "BeforeTool", 1, 30, ":1:12)"},
		{"command of a hook", `{"hooks": {"BeforeTool": [{"hooks": [{"type": "command", "command": "guard", "command": "true"}]}]}}`, "command", 1, 78, ":1:58)"},
		{"matcher of a definition", `{"hooks": {"BeforeTool": [{"matcher": "Bash", "matcher": "nothing", "hooks": []}]}}`, "matcher", 1, 47, ":1:28)"},
		{"env variable", `{"hooks": {"BeforeTool": [{"hooks": [{"type": "command", "command": "x", "env": {"A": "1", "A": "2"}}]}]}}`, "A", 1, 92, ":1:82)"},
		{"disableAllHooks", `{"disableAllHooks": true, "disableAllHooks": false}`, "disableAllHooks", 1, 27, ":1:2)"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			path := writeFile(t, filepath.Join(t.TempDir(), "hooks.json"), tt.config)
			_, err := Load(Options{Configs: []string{path}, Getenv: env(nil)})
			var cerr *Error
			require.ErrorAs(t, err, &cerr)
			assert.Equal(t, []int{tt.line, tt.col}, []int{cerr.Pos.Line, cerr.Pos.Col})
			assert.Contains(t, cerr.Msg, `duplicate key "`+tt.key+`" (also at `+path+tt.firstAt)
		})
	}
}

func TestDuplicateKeyAgentDialectWarnsAndKeepsTheLast(t *testing.T) {
	t.Parallel()
	for d, agent := range map[Dialect]string{Claude: "Claude Code", Gemini: "Gemini CLI", LLxprt: "LLxprt Code"} {
		t.Run(string(d), func(t *testing.T) {
			t.Parallel()
			reg, path := loadString(t, "settings.json", twoHooksKeys, d)
			assert.Equal(t, []string{"after"}, commands(reg), "the last of duplicate keys wins, as in the agent")
			require.Len(t, reg.Warnings, 1)
			w := reg.Warnings[0]
			assert.Equal(t, []int{2, 3}, []int{w.Pos.Line, w.Pos.Col}, "the warning points at the ignored value")
			assert.Contains(t, w.Message, `duplicate key "hooks": this value is ignored, the last one (at `+path+`:4:3) is used, as `+agent+` does`)
		})
	}
}

func TestDuplicateUnrelatedTopLevelKeysAreNotLookedAt(t *testing.T) {
	t.Parallel()
	reg, _ := loadString(t, "hooks.json", `{"model": "a", "model": {"b": 1, "b": 2}, "hooks": {}}`, "")
	assert.Empty(t, reg.Warnings)
}

func TestDuplicateKeyProjectFileIsSkippedWithAWarning(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	project := filepath.Join(dir, "project")
	writeFile(t, filepath.Join(project, ".hookexec", "hooks.json"), twoHooksKeys)
	reg, err := Load(Options{ProjectDir: project, Getenv: isolatedEnv(dir, nil)})
	require.NoError(t, err)
	assert.Len(t, reg.Broken, 1)
	require.Len(t, reg.Warnings, 1)
	assert.Contains(t, reg.Warnings[0].Message, `duplicate key "hooks"`)
	assert.Contains(t, reg.Warnings[0].Message, "this project file is skipped")
}
