package registry

import (
	"encoding/json"
	"fmt"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/hookexec/hookexec/internal/agents"
	"github.com/hookexec/hookexec/internal/agents/agent"
	"github.com/hookexec/hookexec/internal/testevent"
)

// layoutFile is a config of the agent's layout with one hook under its
// name of BeforeTool: command "./guard.sh", timeout 7 s in its unit,
// matcher "x" where its entries have one.
func layoutFile(t *testing.T, a agent.Agent) (data string, key string) {
	t.Helper()
	keys := a.InstallKeys(testevent.Get(t, "BeforeTool"))
	require.NotEmpty(t, keys, "%s has no BeforeTool", a.Name)
	key = keys[0]
	js := func(v any) string {
		b, err := json.Marshal(v)
		require.NoError(t, err)
		return string(b)
	}
	timeout := int64(7 * time.Second / a.TimeoutUnit)
	nested := map[string]any{"matcher": "x", "hooks": []any{map[string]any{"type": "command", "command": "./guard.sh", "timeout": timeout}}}
	switch a.Layout {
	case agent.LayoutFlat:
		entry := map[string]any{a.Flat.Command: "./guard.sh"}
		if a.Flat.Timeout != "" {
			entry[a.Flat.Timeout] = timeout
		}
		if a.Flat.Matcher != "" {
			entry[a.Flat.Matcher] = "x"
		}
		if a.Flat.Type {
			entry["type"] = "command"
		}
		for _, x := range a.Flat.Extra {
			entry[x.Key] = x.Value
		}
		file := map[string]any{"hooks": map[string]any{key: []any{entry}}}
		if a.Flat.Version != 0 {
			file["version"] = a.Flat.Version
		}
		return js(file), key
	case agent.LayoutNamed:
		return js(map[string]any{"mine": map[string]any{"enabled": true, key: []any{nested}}}), key
	}
	return js(map[string]any{"hooks": map[string]any{key: []any{nested}}}), key
}

// TestReadEveryLayout: a config in each agent's own layout and dialect
// reads into the hook it stands for (command, timeout in the agent's unit,
// matcher, event), with no warning; the layouts that are no JSON config
// are refused with a clear message. An agent gets this by being in the
// table.
func TestReadEveryLayout(t *testing.T) {
	t.Parallel()
	for _, a := range agents.All() {
		t.Run(a.Name, func(t *testing.T) {
			t.Parallel()
			d := Dialect(a.Name)
			if a.Layout == agent.LayoutScripts || a.Layout == agent.LayoutTOML {
				path := writeFile(t, filepath.Join(t.TempDir(), "PreToolUse"), "#!/bin/sh\n")
				_, err := Load(Options{Configs: []string{path}, Dialect: d, Getenv: env(nil)})
				require.Error(t, err)
				assert.Contains(t, err.Error(), "hookexec does not read "+a.Title+"'s hooks")
				return
			}
			data, key := layoutFile(t, a)
			reg, _ := loadString(t, "hooks.json", data, d)
			assert.Empty(t, warningTexts(reg))
			require.Len(t, reg.Hooks, 1, data)
			h := reg.Hooks[0]
			assert.Equal(t, "./guard.sh", h.Command)
			assert.Equal(t, key, h.EventKey)
			assert.Equal(t, "BeforeTool", h.Event.Name)
			if a.Layout != agent.LayoutFlat || a.Flat.Timeout != "" {
				assert.Equal(t, 7*time.Second, h.Timeout)
			}
			if a.Layout != agent.LayoutFlat || a.Flat.Matcher != "" {
				assert.Equal(t, "x", h.Matcher.String())
			}
			assert.False(t, h.FileDisabled)
		})
	}
}

// TestLayoutFindings: what a flat or named file gets wrong is told, with
// its position.
func TestLayoutFindings(t *testing.T) {
	t.Parallel()
	for _, a := range agents.All() {
		switch a.Layout {
		case agent.LayoutFlat:
			t.Run(a.Name+"/missing command", func(t *testing.T) {
				t.Parallel()
				key := a.InstallKeys(testevent.Get(t, "BeforeTool"))[0]
				version := ""
				if a.Flat.Version != 0 {
					version = fmt.Sprintf(`"version": %d, `, a.Flat.Version)
				}
				reg, _ := loadString(t, "hooks.json", `{`+version+`"hooks": {"`+key+`": [{"nope": 1}]}}`, Dialect(a.Name))
				assert.Empty(t, reg.Hooks)
				require.Len(t, reg.Warnings, 1)
				assert.Contains(t, reg.Warnings[0].Message, `missing "`+a.Flat.Command+`"`)
				assert.Equal(t, 1, reg.Warnings[0].Pos.Line)
			})
			if a.Flat.Version != 0 {
				t.Run(a.Name+"/version", func(t *testing.T) {
					t.Parallel()
					reg, _ := loadString(t, "hooks.json", `{"hooks": {}}`, Dialect(a.Name))
					assert.Contains(t, strings.Join(warningTexts(reg), "\n"), `missing "version"`)
				})
			}
		case agent.LayoutNamed:
			t.Run(a.Name+"/disabled", func(t *testing.T) {
				t.Parallel()
				key := a.InstallKeys(testevent.Get(t, "BeforeTool"))[0]
				reg, _ := loadString(t, "hooks.json", `{"off": {"enabled": false, "`+key+`": [{"hooks": [{"type": "command", "command": "x"}]}]}}`, Dialect(a.Name))
				require.Len(t, reg.Hooks, 1)
				assert.True(t, reg.Hooks[0].FileDisabled, "a disabled definition's hooks are disabled")
				assert.True(t, reg.Files[0].Enabled, "the file stays enabled")
			})
		}
	}
}

// TestDetectConfigDirs: a file directly in one of an agent's further
// config directories is read in its dialect, the longest directory first.
func TestDetectConfigDirs(t *testing.T) {
	t.Parallel()
	for _, a := range agents.All() {
		for _, cd := range a.ConfigDirs {
			path := filepath.Join(t.TempDir(), filepath.FromSlash(cd), "x.json")
			assert.Equal(t, Dialect(a.Name), DetectDialect(path), path)
		}
		assert.Equal(t, Dialect(a.Name), DetectDialect(filepath.Join(t.TempDir(), a.Dir, "settings.json")))
	}
}

// TestValidateAgentEventNames: in an agent's file, an unknown key is
// matched against the agent's own names first, and a known name the agent
// does not fire is told with the agent's name for it.
func TestValidateAgentEventNames(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	hook := `[{"hooks": [{"type": "command", "command": "true"}]}]`
	got := validateString(t, dir, ".claude/settings.json", `{"hooks": {"BeforeTool": `+hook+`, "PreToolUs": `+hook+`}}`, nil)
	assert.Contains(t, strings.Join(got, "\n"), `Claude Code does not fire "BeforeTool" (its name for the event is "PreToolUse")`)
	assert.Contains(t, strings.Join(got, "\n"), `unknown event "PreToolUs" (did you mean "PreToolUse"?)`)
	got = validateString(t, dir, ".gemini/settings.json", `{"hooks": {"BeforeToo": `+hook+`}}`, nil)
	assert.Contains(t, strings.Join(got, "\n"), `(did you mean "BeforeTool"?)`)
	got = validateString(t, dir, "hooks.json", `{"hooks": {"PreToolUse": `+hook+`, "BeforeTool": `+hook+`}}`, nil)
	assert.NotContains(t, strings.Join(got, "\n"), "does not fire", "hookexec's own files take every name")
}
