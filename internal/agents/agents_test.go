package agents

import (
	"reflect"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/hookexec/hookexec/internal/agents/agent"
	"github.com/hookexec/hookexec/internal/agents/claude"
	"github.com/hookexec/hookexec/internal/agents/copilot"
	"github.com/hookexec/hookexec/internal/agents/cursor"
	"github.com/hookexec/hookexec/internal/reading"
)

// TestTable: every agent of the table has every field of its description
// set, except the ones its row lists as deliberately empty; a new agent
// needs a row here, so it cannot be half-added.
func TestTable(t *testing.T) {
	t.Parallel()
	empty := map[string][]string{
		"claude": {"MaxTimeout", "HomeVar", "Flat", "TimeoutMillisFrom", "ProjectFile", "UserFile", "ConfigDirs", "Aliases", "Payload", "AlsoRuns", "SettingsComments", "SessionVar", "CwdVar", "PastedVars", "PasteQuote", "MatchesWithoutValue", "RunsInProjectDir", "HookName", "Enable"},
		"gemini": {"LocalProjectFile", "HTTP", "MaxTimeout", "HomeVar", "Flat", "TimeoutMillisFrom", "ProjectFile", "UserFile", "ConfigDirs", "Aliases", "MCPPrefix", "Payload", "AlsoRuns", "PluginManifest", "PluginRootVar", "ShellValues", "IfFilter", "OnFailure", "FailPolicyIgnored", "RunsInProjectDir"},
		"llxprt": {"LocalProjectFile", "HTTP", "MaxTimeout", "HomeVar", "Flat", "TimeoutMillisFrom", "ProjectFile", "UserFile", "ConfigDirs", "Aliases", "MCPPrefix", "Payload", "AlsoRuns", "PluginManifest", "PluginRootVar", "ShellValues", "MatchesWithoutValue", "IfFilter", "OnFailure", "FailPolicyIgnored", "RunsInProjectDir",
			"Markers", "SessionVar", "CwdVar", "PastedVars", "PasteQuote", "Answer", "HookName", "Enable"},
		"qwen": {"LocalProjectFile", "MaxTimeout", "HomeVar", "Flat", "ProjectFile", "UserFile", "ConfigDirs", "Aliases", "Payload", "AlsoRuns", "PluginManifest", "PluginRootVar", "IfFilter", "OnFailure", "FailPolicyIgnored", "RunsInProjectDir",
			"CwdVar", "PastedVars", "PasteQuote", "HookName", "Enable"},
		"codex": {"LocalProjectFile", "HTTP", "MaxTimeout", "TimeoutMillisFrom", "ProjectFile", "UserFile", "ConfigDirs", "Flat", "SettingsComments", "PluginManifest", "PluginRootVar", "Aliases",
			"ShellValues", "MatchesWithoutValue", "IfFilter", "OnFailure", "FailPolicyIgnored", "RunsInProjectDir",
			"ProjectVar", "Markers", "SessionVar", "CwdVar", "PastedVars", "PasteQuote", "HookName", "AlsoRuns"},
		"copilot": {"LocalProjectFile", "MaxTimeout", "TimeoutMillisFrom", "PluginManifest", "PluginRootVar", "SettingsComments", "MCPPrefix", "ShellValues", "MatchesWithoutValue", "IfFilter", "OnFailure",
			"FailPolicyIgnored", "SessionVar", "CwdVar", "PastedVars", "PasteQuote", "HookName"},
		"cursor": {"LocalProjectFile", "HTTP", "MaxTimeout", "TimeoutMillisFrom", "HomeVar", "ProjectFile", "UserFile", "ConfigDirs", "SettingsComments", "PluginManifest", "PluginRootVar", "ShellValues", "MatchesWithoutValue", "IfFilter", "OnFailure", "FailPolicyIgnored",
			"SessionVar", "CwdVar", "PastedVars", "PasteQuote", "HookName", "Enable"},
		"windsurf": {"LocalProjectFile", "HTTP", "MaxTimeout", "TimeoutMillisFrom", "HomeVar", "ProjectFile", "SettingsComments", "PluginManifest", "PluginRootVar", "MCPPrefix", "ShellValues", "MatchesWithoutValue", "IfFilter", "OnFailure", "FailPolicyIgnored",
			"ProjectVar", "Markers", "SessionVar", "CwdVar", "PastedVars", "PasteQuote", "HookName", "Enable", "AlsoRuns"},
		"kiro": {"LocalProjectFile", "HTTP", "MaxTimeout", "TimeoutMillisFrom", "HomeVar", "ProjectFile", "UserFile", "SettingsComments", "PluginManifest", "PluginRootVar", "Aliases", "ShellValues", "MatchesWithoutValue", "IfFilter", "OnFailure", "FailPolicyIgnored",
			"RunsInProjectDir", "ProjectVar", "Markers", "SessionVar", "CwdVar", "PastedVars", "PasteQuote", "HookName", "Enable", "AlsoRuns"},
		"cline": {"LocalProjectFile", "HTTP", "MaxTimeout", "TimeoutMillisFrom", "HomeVar", "ProjectFile", "Flat", "SettingsComments", "PluginManifest", "PluginRootVar", "MCPPrefix", "ShellValues", "MatchesWithoutValue", "IfFilter", "OnFailure", "FailPolicyIgnored",
			"ProjectVar", "Markers", "SessionVar", "CwdVar", "PastedVars", "PasteQuote", "HookName", "Enable", "AlsoRuns"},
		"factory":     {"LocalProjectFile", "HTTP", "MaxTimeout", "ProjectFile", "UserFile", "ConfigDirs", "Flat", "PluginManifest", "PluginRootVar", "Aliases", "MCPPrefix", "Payload", "ShellValues", "MatchesWithoutValue", "IfFilter", "OnFailure", "FailPolicyIgnored", "RunsInProjectDir", "SessionVar", "CwdVar", "PastedVars", "PasteQuote", "HookName", "Enable", "AlsoRuns", "TimeoutMillisFrom", "HomeVar"},
		"crush":       {"LocalProjectFile", "HTTP", "MaxTimeout", "ConfigDirs", "SettingsComments", "PluginManifest", "PluginRootVar", "Payload", "ShellValues", "MatchesWithoutValue", "IfFilter", "OnFailure", "FailPolicyIgnored", "RunsInProjectDir", "PastedVars", "PasteQuote", "HookName", "Enable", "AlsoRuns", "TimeoutMillisFrom"},
		"auggie":      {"LocalProjectFile", "HTTP", "MaxTimeout", "ProjectFile", "UserFile", "ConfigDirs", "Flat", "SettingsComments", "PluginManifest", "PluginRootVar", "MCPPrefix", "Payload", "ShellValues", "MatchesWithoutValue", "IfFilter", "OnFailure", "FailPolicyIgnored", "RunsInProjectDir", "CwdVar", "PastedVars", "PasteQuote", "HookName", "Enable", "AlsoRuns", "TimeoutMillisFrom", "HomeVar"},
		"iflow":       {"LocalProjectFile", "HTTP", "MaxTimeout", "ProjectFile", "UserFile", "ConfigDirs", "Flat", "SettingsComments", "PluginManifest", "PluginRootVar", "MCPPrefix", "Payload", "ShellValues", "MatchesWithoutValue", "IfFilter", "OnFailure", "FailPolicyIgnored", "RunsInProjectDir", "ProjectVar", "Markers", "SessionVar", "CwdVar", "PastedVars", "PasteQuote", "HookName", "Enable", "AlsoRuns", "TimeoutMillisFrom", "HomeVar"},
		"codebuddy":   {"LocalProjectFile", "HTTP", "MaxTimeout", "ProjectFile", "UserFile", "ConfigDirs", "Flat", "PluginManifest", "PluginRootVar", "Aliases", "Payload", "ShellValues", "MatchesWithoutValue", "IfFilter", "OnFailure", "FailPolicyIgnored", "RunsInProjectDir", "Markers", "SessionVar", "CwdVar", "PastedVars", "PasteQuote", "HookName", "Enable", "AlsoRuns", "TimeoutMillisFrom", "HomeVar"},
		"cortex":      {"LocalProjectFile", "HTTP", "MaxTimeout", "ProjectFile", "Flat", "SettingsComments", "PluginManifest", "PluginRootVar", "Aliases", "MCPPrefix", "Payload", "ShellValues", "MatchesWithoutValue", "IfFilter", "OnFailure", "FailPolicyIgnored", "RunsInProjectDir", "ProjectVar", "Markers", "SessionVar", "CwdVar", "PastedVars", "PasteQuote", "HookName", "Enable", "TimeoutMillisFrom", "HomeVar"},
		"tabnine":     {"LocalProjectFile", "HTTP", "MaxTimeout", "Flat", "PluginManifest", "PluginRootVar", "Aliases", "MCPPrefix", "Payload", "ShellValues", "MatchesWithoutValue", "IfFilter", "OnFailure", "FailPolicyIgnored", "RunsInProjectDir", "SessionVar", "CwdVar", "PastedVars", "PasteQuote", "Answer", "Enable", "AlsoRuns", "TimeoutMillisFrom", "HomeVar"},
		"antigravity": {"LocalProjectFile", "HTTP", "MaxTimeout", "Flat", "SettingsComments", "PluginManifest", "PluginRootVar", "Aliases", "MCPPrefix", "ShellValues", "MatchesWithoutValue", "IfFilter", "OnFailure", "FailPolicyIgnored", "RunsInProjectDir", "ProjectVar", "Markers", "SessionVar", "CwdVar", "PastedVars", "PasteQuote", "HookName", "Enable", "AlsoRuns", "TimeoutMillisFrom", "HomeVar"},
		"kimi":        {"LocalProjectFile", "HTTP", "UserFile", "ConfigDirs", "PluginManifest", "PluginRootVar", "Aliases", "MCPPrefix", "Payload", "ShellValues", "MatchesWithoutValue", "IfFilter", "OnFailure", "FailPolicyIgnored", "ProjectVar", "Markers", "SessionVar", "CwdVar", "PastedVars", "PasteQuote", "HookName", "Enable", "AlsoRuns", "TimeoutMillisFrom"},
		"goose":       {"LocalProjectFile", "HTTP", "MaxTimeout", "ConfigDirs", "Flat", "SettingsComments", "Aliases", "MCPPrefix", "ShellValues", "MatchesWithoutValue", "IfFilter", "OnFailure", "FailPolicyIgnored", "RunsInProjectDir", "ProjectVar", "Markers", "SessionVar", "CwdVar", "PastedVars", "PasteQuote", "HookName", "Enable", "AlsoRuns", "TimeoutMillisFrom", "HomeVar"},
	}
	require.Equal(t, len(empty), len(All()), "a row per agent")
	for _, a := range All() {
		allowed, ok := empty[a.Name]
		require.True(t, ok, "agent %q has no row in TestTable", a.Name)
		v := reflect.ValueOf(a)
		for i := range v.NumField() {
			name := v.Type().Field(i).Name
			if slices.Contains(allowed, name) {
				assert.True(t, v.Field(i).IsZero(), "%s.%s is listed as empty but is set", a.Name, name)
				continue
			}
			assert.False(t, v.Field(i).IsZero(), "%s.%s is not set (set it, or list it in TestTable as deliberately empty)", a.Name, name)
		}
		for _, f := range allowed {
			_, ok := v.Type().FieldByName(f)
			assert.True(t, ok, "%s: TestTable lists %s, which Agent has not", a.Name, f)
		}
	}
}

// TestAgentsConsistent: the fields that go together agree, and each name
// the table hands out is unique.
func TestAgentsConsistent(t *testing.T) {
	t.Parallel()
	for _, e := range table() {
		assert.Equal(t, e.name, e.describe().Name, "the table's name is the agent's")
	}
	seen := map[string]bool{}
	for _, a := range All() {
		for _, key := range []string{"name " + a.Name, "dir " + a.Dir} {
			assert.False(t, seen[key], "%s used twice", key)
			seen[key] = true
		}
		assert.Equal(t, strings.ToLower(a.Name), a.Name, "names are lower case")
		assert.True(t, strings.HasPrefix(a.Dir, "."), a.Name)
		assert.Equal(t, a.PastedVars == nil, a.PasteQuote == nil, "%s: PastedVars and PasteQuote go together", a.Name)
		assert.Equal(t, a.PluginManifest == "", a.PluginRootVar == "", "%s: PluginManifest and PluginRootVar go together", a.Name)
		assert.Contains(t, []time.Duration{time.Second, time.Millisecond}, a.TimeoutUnit, a.Name)
		assert.Positive(t, a.DefaultTimeout, a.Name)
		_, ok := ByFormat(a.Format)
		assert.True(t, ok, "%s: format %q is no agent's own", a.Name, a.Format)
		if a.Format == a.Name {
			assert.NotNil(t, a.Answer.Render, "%s: its own format needs a renderer", a.Name)
		} else {
			assert.Zero(t, a.Answer, "%s: reads %s's format, so has no answer of its own", a.Name, a.Format)
		}
		for _, key := range a.DefaultEvents {
			ev, ok := ByKey(key)
			require.True(t, ok, "%s: default event %q is no event name hookexec knows", a.Name, key)
			got, ok := a.EventKey(ev)
			assert.True(t, ok && got == key || aliasOf(a, key) == ev.Name, "%s: default event %q is not the agent's name for %s (Events or Aliases)", a.Name, key, ev.Name)
		}
		for _, key := range a.FailPolicyIgnored {
			_, ok := ByKey(key)
			assert.True(t, ok, "%s: %q is no event name hookexec knows", a.Name, key)
		}
		got, ok := ByDialect(a.Name)
		assert.True(t, ok && got.Name == a.Name, a.Name)
		got, ok = ForSettingsDir("/home/dev/app/" + a.Dir)
		assert.True(t, ok && got.Name == a.Name, a.Name)
	}
}

// aliasOf is the canonical event of a's alias key, "" when key is none
// of a's aliases.
func aliasOf(a agent.Agent, key string) string {
	for _, al := range a.Aliases {
		if al.Key == key {
			return al.Event
		}
	}
	return ""
}

func TestLookups(t *testing.T) {
	t.Parallel()
	// The lists gather every agent in table order: the first agents are
	// checked exactly, the later ones by their own entries (so that a new
	// agent changes no line here but its own).
	assert.Equal(t, []string{"claude", "gemini", "llxprt", "qwen", "codex", "copilot"}, Names()[:6])
	assert.Equal(t, []string{"claude", "gemini", "qwen", "codex", "copilot"}, Formats()[:5])
	assert.Subset(t, Names(), []string{"cursor", "windsurf", "kiro", "cline"})
	assert.Subset(t, Formats(), []string{"cursor", "windsurf", "kiro", "cline"})
	assert.Subset(t, Names(), []string{"factory", "crush", "auggie", "iflow", "codebuddy", "cortex", "tabnine", "antigravity", "kimi", "goose"})
	assert.Subset(t, Formats(), []string{"factory", "crush", "auggie", "iflow", "codebuddy", "cortex", "antigravity", "kimi", "goose"})
	assert.NotContains(t, Formats(), "tabnine", "Tabnine CLI reads the gemini format")
	_, ok := ByFormat("llxprt")
	assert.False(t, ok, "LLxprt Code reads the gemini format")
	_, ok = ByDialect("native")
	assert.False(t, ok, "hookexec's own dialect is no agent's")
	_, ok = ByFormat("result")
	assert.False(t, ok, "the result format is no agent's")
	a, err := Parse(" Gemini ")
	require.NoError(t, err)
	assert.Equal(t, "gemini", a.Name)
	_, err = Parse("nosuchagent")
	assert.EqualError(t, err, `unknown agent "nosuchagent" (want `+OrList(Names())+`)`)
	_, ok = ForSettingsDir("/home/dev/app/.hookexec")
	assert.False(t, ok)
	assert.Equal(t, []string{"CLAUDE_PROJECT_DIR", "GEMINI_PROJECT_DIR", "LLXPRT_PROJECT_DIR", "QWEN_PROJECT_DIR", "COPILOT_PROJECT_DIR"}, ProjectDirVars()[:5])
	assert.Contains(t, ProjectDirVars(), "CURSOR_PROJECT_DIR")
	env := Env("/p", "s")
	for k, v := range map[string]string{"CLAUDE_PROJECT_DIR": "/p", "GEMINI_PROJECT_DIR": "/p", "LLXPRT_PROJECT_DIR": "/p", "GEMINI_SESSION_ID": "s",
		"QWEN_PROJECT_DIR": "/p", "QWEN_CODE_SESSION_ID": "s", "COPILOT_PROJECT_DIR": "/p", "CURSOR_PROJECT_DIR": "/p"} {
		assert.Equal(t, v, env[k], k)
	}
	assert.Equal(t, "/d", CwdEnv("/d")["GEMINI_CWD"])
	for _, a := range All() {
		if a.ProjectVar != "" {
			assert.Equal(t, "/p", env[a.ProjectVar], a.Name)
		}
		if a.SessionVar != "" {
			assert.Equal(t, "s", env[a.SessionVar], a.Name)
		}
		if a.CwdVar != "" {
			assert.Equal(t, "/d", CwdEnv("/d")[a.CwdVar], a.Name)
		}
		assert.Subset(t, Markers(), a.Markers, a.Name)
		assert.Subset(t, ShellTools(), a.Tools.Shell(), a.Name)
		assert.Subset(t, FileTools(), a.Tools.Files(), a.Name)
	}
	assert.Equal(t, []string{"CLAUDE_PROJECT_DIR", "CLAUDECODE", "CLAUDE_CODE_ENTRYPOINT", "GEMINI_PROJECT_DIR", "GEMINI_CLI", "LLXPRT_PROJECT_DIR", "QWEN_PROJECT_DIR", "QWEN_CODE_CLI", "COPILOT_PROJECT_DIR", "COPILOT_CLI", "COPILOT_HOOK_DIR"}, Markers()[:11])
	assert.Subset(t, Markers(), []string{"CURSOR_PROJECT_DIR", "CURSOR_VERSION"})
	assert.Equal(t, []string{"Bash", "run_shell_command", "monitor", "bash", "powershell", "run_in_terminal"}, ShellTools()[:6])
	assert.Subset(t, ShellTools(), []string{"Shell", "run_command", "execute_bash", "shell", "execute_command", "run_commands"})
	assert.Equal(t, []string{"Read", "Edit", "Write", "MultiEdit", "NotebookEdit", "Glob", "Grep", "read_file", "write_file", "replace", "read_many_files", "list_directory", "glob", "search_file_content", "zoom_image", "edit", "notebook_edit", "grep_search", "apply_patch", "view_image", "view", "create", "grep",
		"create_file", "replace_string_in_file", "multi_replace_string_in_file", "insert_edit_into_file", "file_search", "list_dir", "semantic_search"}, FileTools()[:30])
	assert.Subset(t, FileTools(), []string{"read_code", "write_code", "fs_read", "fs_write", "write_to_file", "replace_in_file", "editor"})
	assert.Equal(t, reading.Spec{}, ReaderOf("native"))
	assert.Equal(t, claude.Reads{}, ReaderOf("claude"))
	assert.Equal(t, claude.Reads{}, ReaderOf("auggie"))
	assert.Equal(t, copilot.Reads{}, ReaderOf("copilot"))
	assert.Equal(t, cursor.Reads{}, ReaderOf("cursor"))
	assert.Equal(t, reading.ExitCode{}, ReaderOf("windsurf"))
	assert.Equal(t, "native, claude, gemini or llxprt", OrList([]string{"native", "claude", "gemini", "llxprt"}))
}
