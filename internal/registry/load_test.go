package registry

import (
	"errors"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/hookexec/hookexec/internal/event"
	"github.com/hookexec/hookexec/internal/matcher"
	"github.com/hookexec/hookexec/internal/testevent"
)

func TestLoadFatalErrors(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name    string
		content string
		want    string // expected error after the path
	}{
		{"trailing comma", "{\n  \"hooks\": {},\n}\n", `:3:1: invalid JSON: invalid character '}' after ',': trailing commas are not allowed in JSON`},
		{"missing quote", "{\n  \"hooks: {}\n}\n", `:2:13: invalid JSON: invalid character '\n' in string literal`},
		{"truncated", "{\"hooks\": {\"BeforeTool\": [", `:1:27: invalid JSON: unexpected end of JSON input`},
		{"empty file", "", `:1:1: invalid JSON: unexpected end of JSON input`},
		{"top-level array", "\n  [{\"hooks\": {}}]", `:2:3: a config file must be a JSON object, not an array`},
		{"top-level string", `"hooks"`, `:1:1: a config file must be a JSON object, not a string`},
		{"top-level null", `null`, `:1:1: a config file must be a JSON object, not null`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			path := writeFile(t, filepath.Join(t.TempDir(), "hooks.json"), tt.content)
			reg, err := Load(Options{Configs: []string{path}, Getenv: env(nil)})
			assert.Nil(t, reg)
			var cerr *Error
			require.ErrorAs(t, err, &cerr)
			assert.Equal(t, path+tt.want, err.Error())
			assert.Equal(t, path, cerr.Pos.File)
		})
	}
}

func TestLoadMissingAndUnreadable(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	good := writeFile(t, filepath.Join(dir, "good.json"), `{}`)

	t.Run("missing explicit file", func(t *testing.T) {
		t.Parallel()
		missing := filepath.Join(dir, "nope.json")
		_, err := Load(Options{Configs: []string{good, missing}, Getenv: env(nil)})
		var cerr *Error
		require.ErrorAs(t, err, &cerr)
		assert.Equal(t, missing+": no such file", err.Error())
		assert.Equal(t, 0, cerr.Pos.Line)
		assert.True(t, errors.Is(err, fs.ErrNotExist))
	})
	t.Run("missing file from HOOKEXEC_CONFIG", func(t *testing.T) {
		t.Parallel()
		missing := filepath.Join(dir, "nope2.json")
		_, err := Load(Options{Getenv: env(map[string]string{"HOOKEXEC_CONFIG": good + ":" + missing})})
		require.Error(t, err)
		assert.Equal(t, missing+": no such file", err.Error())
	})
	t.Run("directory", func(t *testing.T) {
		t.Parallel()
		_, err := Load(Options{Configs: []string{dir}, Getenv: env(nil)})
		var cerr *Error
		require.ErrorAs(t, err, &cerr)
		assert.Equal(t, dir+": cannot read file: is a directory", err.Error())
	})
	t.Run("no read permission", func(t *testing.T) {
		t.Parallel()
		if os.Geteuid() == 0 {
			t.Skip("root reads everything")
		}
		path := writeFile(t, filepath.Join(t.TempDir(), "secret.json"), `{}`)
		require.NoError(t, os.Chmod(path, 0))
		_, err := Load(Options{Configs: []string{path}, Getenv: env(nil)})
		var cerr *Error
		require.ErrorAs(t, err, &cerr)
		assert.Equal(t, path+": cannot read file: permission denied", err.Error())
	})
	t.Run("unreadable discovered project file is skipped", func(t *testing.T) {
		// SPEC §2.4: a broken project file never stops the other files.
		t.Parallel()
		root := t.TempDir()
		project := filepath.Join(root, "project")
		require.NoError(t, os.MkdirAll(filepath.Join(project, ".hookexec", "hooks.json"), 0o755))
		writeFile(t, filepath.Join(root, "etc", "hooks.json"), `{"hooks":{"BeforeTool":[{"hooks":[{"type":"command","command":"guard"}]}]}}`)
		reg, err := Load(Options{ProjectDir: project, Getenv: isolatedEnv(root, nil)})
		require.NoError(t, err)
		assert.Equal(t, []string{"guard"}, commands(reg))
		assert.Equal(t, []string{filepath.Join(project, ".hookexec", "hooks.json")}, reg.Broken)
		require.Len(t, reg.Warnings, 1)
		assert.Contains(t, reg.Warnings[0].Message, "is not a regular file (a directory); this project file is skipped")
	})
	t.Run("bad forced dialect", func(t *testing.T) {
		t.Parallel()
		_, err := Load(Options{Configs: []string{good}, Dialect: "vim", Getenv: env(nil)})
		require.Error(t, err)
	})
}

func TestLoadHookFields(t *testing.T) {
	t.Parallel()
	config := `{
  "hooks": {
    "BeforeTool": [
      {
        "matcher": "write_*|edit_file",
        "sequential": true,
        "priority": 5,
        "hooks": [
          { "type": "command", "command": "./hooks/guard.sh", "name": "guard",
            "timeout": 30000, "env": { "MODE": "strict" }, "failClosed": true,
            "description": "blocks writes", "shell": "zsh" },
          { "type": "command", "command": "jq", "args": ["-r", ".tool_name"], "timeout": "1m30s" },
          { "type": "command", "command": "true", "args": [], "timeout": "500ms" },
          { "type": "command", "command": "t", "timeout": 150.5 }
        ]
      }
    ]
  }
}`
	reg, path := loadString(t, "hooks.json", config, "")
	require.Empty(t, reg.Warnings)
	require.Len(t, reg.Hooks, 4)
	require.Len(t, reg.Files, 1)
	assert.Equal(t, File{Path: path, Source: Runtime, Dialect: Native, Enabled: true}, reg.Files[0])

	h := reg.Hooks[0]
	assert.Equal(t, "BeforeTool", h.EventKey)
	assert.Equal(t, "BeforeTool", h.Event.Name)
	assert.Equal(t, "guard", h.Name)
	assert.Equal(t, "guard", h.DisplayName())
	assert.Equal(t, "blocks writes", h.Description)
	assert.Equal(t, "./hooks/guard.sh", h.Command)
	assert.Equal(t, "zsh", h.Shell)
	assert.False(t, h.ExecForm)
	assert.Nil(t, h.Args)
	assert.Equal(t, 30*time.Second, h.Timeout)
	assert.Equal(t, map[string]string{"MODE": "strict"}, h.Env)
	assert.True(t, h.FailClosed)
	assert.True(t, h.Sequential)
	assert.Equal(t, 5, h.Priority)
	assert.Equal(t, "write_*|edit_file", h.Matcher.String())
	assert.Equal(t, Position{File: path, Line: 9, Col: 11}, h.Pos)
	assert.Equal(t, Native, h.Dialect)
	assert.Equal(t, Runtime, h.Source)
	assert.Equal(t, path, h.File)
	assert.False(t, h.FileDisabled)

	assert.True(t, reg.Hooks[1].ExecForm)
	assert.Equal(t, []string{"-r", ".tool_name"}, reg.Hooks[1].Args)
	assert.Equal(t, 90*time.Second, reg.Hooks[1].Timeout)
	assert.Equal(t, "jq", reg.Hooks[1].DisplayName())
	assert.True(t, reg.Hooks[2].ExecForm)
	assert.Equal(t, []string{}, reg.Hooks[2].Args)
	assert.Equal(t, 500*time.Millisecond, reg.Hooks[2].Timeout)
	assert.Equal(t, 150500*time.Microsecond, reg.Hooks[3].Timeout, "150.5 ms in native")
	for i, h := range reg.Hooks {
		assert.Equal(t, i, h.HookIndex)
		assert.Equal(t, 0, h.DefIndex)
	}
}

func TestLoadTimeoutUnits(t *testing.T) {
	t.Parallel()
	const config = `{"hooks": {"PreToolUse": [{"hooks": [
  {"type": "command", "command": "a", "timeout": 30},
  {"type": "command", "command": "b", "timeout": 1.5},
  {"type": "command", "command": "c", "timeout": "2s"}
]}]}}`
	tests := []struct {
		name        string
		file        string
		dialect     Dialect
		want        []time.Duration
		dialectWant Dialect
	}{
		{"native", "hooks.json", "", []time.Duration{30 * time.Millisecond, 1500 * time.Microsecond, 2 * time.Second}, Native},
		{"forced claude", "hooks.json", Claude, []time.Duration{30 * time.Second, 1500 * time.Millisecond, 2 * time.Second}, Claude},
		{"detected claude", ".claude/settings.json", "", []time.Duration{30 * time.Second, 1500 * time.Millisecond, 2 * time.Second}, Claude},
		{"detected gemini", ".gemini/settings.json", "", []time.Duration{30 * time.Millisecond, 1500 * time.Microsecond, 2 * time.Second}, Gemini},
		{"forced native in .claude", ".claude/settings.json", Native, []time.Duration{30 * time.Millisecond, 1500 * time.Microsecond, 2 * time.Second}, Native},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			reg, _ := loadString(t, tt.file, config, tt.dialect)
			// 30 and 1.5 look like seconds in a milliseconds dialect: each
			// is loaded with a warning that says how the dialect was chosen.
			if tt.dialectWant.TimeoutUnit() == time.Millisecond {
				require.Len(t, reg.Warnings, 2)
				assert.True(t, reg.Warnings[0].Kept)
				assert.Contains(t, reg.Warnings[0].Message, `"timeout": 30 is 30ms; `+string(tt.dialectWant)+` timeouts are in milliseconds (for 30s write 30000 or "30s"; the dialect comes from the file's directory, .claude/ meaning claude, or from --dialect)`)
			} else {
				require.Empty(t, reg.Warnings)
			}
			var got []time.Duration
			for _, h := range reg.Hooks {
				got = append(got, h.Timeout)
				assert.Equal(t, tt.dialectWant, h.Dialect)
			}
			assert.Equal(t, tt.want, got)
			assert.Equal(t, tt.dialectWant, reg.Files[0].Dialect)
		})
	}
}

func TestLoadSkipsInvalidEntries(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name    string
		entry   string // a hook object inside BeforeTool[0].hooks[0]
		warning string // regexp for "line:col: message"
	}{
		{"Command", `{"type": "Command", "command": "x"}`, `^3:41: BeforeTool\[0\]\.hooks\[0\]: "type" is "Command"; types are case-sensitive, use "command"; hook skipped$`},
		{"missing type", `{"command": "x"}`, `^3:32: BeforeTool\[0\]\.hooks\[0\]: missing "type"; it must be "command" or "http"; hook skipped$`},
		{"numeric type", `{"type": 1, "command": "x"}`, `"type" must be the string "command" or "http", got number`},
		{"HTTP", `{"type": "HTTP", "url": "http://x"}`, `"type" is "HTTP"; types are case-sensitive, use "http"; hook skipped$`},
		{"http without url", `{"type": "http"}`, `^3:32: .*missing "url"; an http hook POSTs the event to it; hook skipped$`},
		{"http empty url", `{"type": "http", "url": ""}`, `"url" must not be empty; hook skipped$`},
		{"http url not http", `{"type": "http", "url": "ftp://x/y"}`, `^3:56: .*"url" "ftp://x/y" must be an http:// or https:// URL; hook skipped$`},
		{"http relative url", `{"type": "http", "url": "/hook"}`, `"url" "/hook" must be an http:// or https:// URL`},
		{"http url without host", `{"type": "http", "url": "http:///x"}`, `"url" "http:///x" has no host`},
		{"http bad url", `{"type": "http", "url": "http://x y/"}`, `"url" is not a valid URL: `},
		{"http headers not object", `{"type": "http", "url": "http://x", "headers": ["a"]}`, `"headers" must be an object of strings, got array`},
		{"http header name", `{"type": "http", "url": "http://x", "headers": {"Bad Name": "v"}}`, `"headers" has an invalid header name "Bad Name"`},
		{"http header value type", `{"type": "http", "url": "http://x", "headers": {"A": 1}}`, `"headers.A" must be a string, got number`},
		{"http header two lines", `{"type": "http", "url": "http://x", "headers": {"A": "x\r\nB: y"}}`, `"headers.A" must be one line without NUL bytes`},
		{"http allowedEnvVars", `{"type": "http", "url": "http://x", "allowedEnvVars": "A"}`, `"allowedEnvVars" must be an array of strings, got string`},
		{"http allowedEnvVars element", `{"type": "http", "url": "http://x", "allowedEnvVars": [1]}`, `"allowedEnvVars\[0\]" must be a string, got number`},
		{"http timeout", `{"type": "http", "url": "http://x", "timeout": -1}`, `"timeout" must be positive`},
		{"prompt", `{"type": "prompt", "prompt": "x"}`, `unsupported hook type "prompt"`},
		{"agent", `{"type": "agent", "prompt": "x"}`, `unsupported hook type "agent"`},
		{"mcp_tool", `{"type": "mcp_tool", "tool": "x"}`, `unsupported hook type "mcp_tool"`},
		{"unknown type", `{"type": "script", "command": "x"}`, `unknown hook type "script"; it must be "command" or "http"`},
		{"missing command", `{"type": "command"}`, `^3:32: .*missing "command"; hook skipped$`},
		{"empty command", `{"type": "command", "command": ""}`, `^3:63: .*"command" must not be empty; hook skipped$`},
		{"blank command", `{"type": "command", "command": "  "}`, `"command" must not be empty`},
		{"numeric command", `{"type": "command", "command": 1}`, `"command" must be a string, got number`},
		{"NUL in command", `{"type": "command", "command": "a\u0000b"}`, `"command" contains a NUL byte; hook skipped`},
		{"NUL in name", `{"type": "command", "command": "a", "name": "\u0000"}`, `"name" contains a NUL byte`},
		{"NUL in args", `{"type": "command", "command": "a", "args": ["x\u0000"]}`, `"args\[0\]" contains a NUL byte`},
		{"NUL in env", `{"type": "command", "command": "a", "env": {"A": "\u0000"}}`, `"env.A" contains a NUL byte`},
		{"args not array", `{"type": "command", "command": "a", "args": "x"}`, `"args" must be an array of strings, got string`},
		{"args element", `{"type": "command", "command": "a", "args": [1]}`, `"args\[0\]" must be a string, got number`},
		{"env not object", `{"type": "command", "command": "a", "env": []}`, `"env" must be an object of strings, got array`},
		{"env value", `{"type": "command", "command": "a", "env": {"A": 1}}`, `"env.A" must be a string, got number`},
		{"env name", `{"type": "command", "command": "a", "env": {"A=B": "x"}}`, `"env" has an invalid variable name "A=B"`},
		{"zero timeout", `{"type": "command", "command": "a", "timeout": 0}`, `"timeout" must be positive, got 0`},
		{"negative timeout", `{"type": "command", "command": "a", "timeout": -5}`, `"timeout" must be positive, got -5`},
		{"bare number string timeout", `{"type": "command", "command": "a", "timeout": "30000"}`, `"timeout" "30000" is neither a number \(milliseconds\) nor a duration`},
		{"negative duration", `{"type": "command", "command": "a", "timeout": "-1s"}`, `"timeout" must be positive, got "-1s"`},
		{"bool timeout", `{"type": "command", "command": "a", "timeout": true}`, `"timeout" must be a number \(milliseconds\) or a duration string such as "1m30s", got boolean`},
		{"huge timeout", `{"type": "command", "command": "a", "timeout": 1e300}`, `"timeout" 1e300 milliseconds is too large`},
		{"tiny timeout", `{"type": "command", "command": "a", "timeout": 1e-9}`, `too small`},
		{"failClosed type", `{"type": "command", "command": "a", "failClosed": "yes"}`, `"failClosed" must be a boolean, got string`},
		{"hook not object", `"echo hi"`, `^3:32: BeforeTool\[0\]\.hooks\[0\]: a hook must be an object, got string; skipped$`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			config := "{\"hooks\": {\n  \"BeforeTool\": [\n    {\"matcher\": \"*\", \"hooks\": [" + tt.entry +
				", {\"type\": \"command\", \"command\": \"ok\"}]}\n  ]\n}}"
			reg, _ := loadString(t, "hooks.json", config, "")
			assert.Equal(t, []string{"ok"}, commands(reg), "only the valid hook is kept")
			w := warningTexts(reg)
			require.Len(t, w, 1)
			assert.Regexp(t, tt.warning, w[0])
			assert.Equal(t, SeverityWarning, reg.Warnings[0].Severity)
			assert.Equal(t, 1, reg.Hooks[0].HookIndex)
		})
	}
}

func TestLoadAcceptsHarmlessFields(t *testing.T) {
	t.Parallel()
	reg, _ := loadString(t, "hooks.json", `{"hooks": {"BeforeTool": [{"hooks": [
  {"type": "command", "command": "a", "async": false, "asyncRewake": null, "statusMessage": "x", "name": null}
]}]}}`, "")
	assert.Empty(t, reg.Warnings)
	assert.Equal(t, []string{"a"}, commands(reg))
}

func TestLoadSkipsInvalidDefinitions(t *testing.T) {
	t.Parallel()
	config := `{"hooks": {
  "beforetool": [{"hooks": [{"type": "command", "command": "lower"}]}],
  "PreToolUse": [
    {"matcher": 1, "hooks": [{"type": "command", "command": "m"}]},
    {"sequential": "yes", "hooks": [{"type": "command", "command": "s"}]},
    {"priority": 1.5, "hooks": [{"type": "command", "command": "p"}]},
    {"matcher": "x"},
    {"hooks": {}},
    "not an object",
    {"priority": 1e1, "hooks": [{"type": "Command", "command": "inner"}, {"type": "command", "command": "ok"}]},
    {"matcher": "[", "hooks": [{"type": "Command", "command": "both"}]}
  ],
  "OnSave": [],
  "AfterTool": {"hooks": []},
  "SessionEnd": null
}}`
	reg, _ := loadString(t, "hooks.json", config, "")
	assert.Equal(t, []string{"ok", "lower"}, commands(reg), "hooks under an unknown key are kept for that key")
	assert.Equal(t, 10, reg.Hooks[0].Priority)
	assert.True(t, reg.Hooks[1].Event.Unknown)
	assert.Equal(t, "beforetool", reg.Hooks[1].Event.Name)
	assert.Equal(t, []string{
		`2:3: unknown event "beforetool" (did you mean "BeforeTool"? event names are case-sensitive); its hooks run only for 'fire beforetool' in an agent format (--format claude|gemini)`,
		`4:17: PreToolUse[0]: "matcher" must be a string, got number; definition skipped`,
		`5:20: PreToolUse[1]: "sequential" must be a boolean, got string; definition skipped`,
		`6:18: PreToolUse[2]: "priority" must be an integer, got 1.5; definition skipped`,
		`7:5: PreToolUse[3]: missing "hooks" array; definition skipped`,
		`8:15: PreToolUse[4]: "hooks" must be an array, got object; definition skipped`,
		`9:5: PreToolUse[5]: a hook definition must be an object, got string; skipped`,
		`10:42: PreToolUse[6].hooks[0]: "type" is "Command"; types are case-sensitive, use "command"; hook skipped`,
		`11:17: PreToolUse[7]: matcher "[" does not compile: glob: syntax error at 1: unexpected end of input; definition skipped`,
		`11:41: PreToolUse[7].hooks[0]: "type" is "Command"; types are case-sensitive, use "command"; hook skipped`,
		`13:3: unknown event "OnSave"; its hooks run only for 'fire OnSave' in an agent format (--format claude|gemini)`,
		`14:16: AfterTool: must be an array of hook definitions, got object; skipped`,
	}, warningTexts(reg))
}

func TestLoadSettingsFile(t *testing.T) {
	t.Parallel()
	// A whole agent settings.json: unrelated keys are ignored.
	config := `{
  "$schema": "https://json.schemastore.org/claude-code-settings.json",
  "permissions": {"allow": ["Bash(npm run lint)"], "deny": []},
  "model": "opus",
  "env": {"FOO": "bar"},
  "theme": 3,
  "hooks": {
    "PreToolUse": [{"matcher": "Bash", "hooks": [{"type": "command", "command": "guard", "timeout": 10}]}]
  }
}`
	reg, path := loadString(t, filepath.Join(".claude", "settings.json"), config, "")
	assert.Empty(t, reg.Warnings)
	require.Len(t, reg.Hooks, 1)
	h := reg.Hooks[0]
	assert.Equal(t, Claude, h.Dialect)
	assert.Equal(t, "PreToolUse", h.EventKey)
	assert.Equal(t, "BeforeTool", h.Event.Name)
	assert.Equal(t, matcher.KindExactList, h.Matcher.Kind())
	assert.Equal(t, 10*time.Second, h.Timeout)
	assert.Nil(t, h.Env)
	assert.Equal(t, path, h.File)
}

func TestLoadFileSettings(t *testing.T) {
	t.Parallel()
	const hooks = `"hooks": {"BeforeTool": [{"hooks": [{"type": "command", "command": "a"}, {"type": "command", "command": "b", "failClosed": true}]}]}`
	tests := []struct {
		name       string
		config     string
		enabled    bool
		failClosed bool
		disabled   []string
		warnings   []string
	}{
		{"defaults", `{` + hooks + `}`, true, false, nil, nil},
		{"enabled false", `{"hooksConfig": {"enabled": false}, ` + hooks + `}`, false, false, nil, nil},
		{"enabled true", `{"hooksConfig": {"enabled": true}, ` + hooks + `}`, true, false, nil, nil},
		{"disableAllHooks", `{"disableAllHooks": true, ` + hooks + `}`, false, false, nil, nil},
		{"disableAllHooks false", `{"disableAllHooks": false, ` + hooks + `}`, true, false, nil, nil},
		{"failClosed", `{"hooksConfig": {"failClosed": true}, ` + hooks + `}`, true, true, nil, nil},
		{"disabled list", `{"hooksConfig": {"disabled": ["guard", "./x.sh"]}, ` + hooks + `}`, true, false, []string{"guard", "./x.sh"}, nil},
		{"disabled list in a disabled file", `{"hooksConfig": {"enabled": false, "disabled": ["guard"]}, ` + hooks + `}`, false, false, []string{"guard"}, nil},
		{
			"wrong types are ignored",
			`{"hooksConfig": {"enabled": "no", "failClosed": 1, "disabled": ["ok", 2]}, "disableAllHooks": "yes", ` + hooks + `}`,
			true, false, []string{"ok"},
			[]string{
				`1:29: "hooksConfig.enabled" must be a boolean, got string; ignored`,
				`1:49: "hooksConfig.failClosed" must be a boolean, got number; ignored`,
				`1:71: "hooksConfig.disabled[1]" must be a string, got number; ignored`,
				`1:95: "disableAllHooks" must be a boolean, got string; ignored`,
			},
		},
		{"hooksConfig not object", `{"hooksConfig": [], ` + hooks + `}`, true, false, nil, []string{`1:17: "hooksConfig" must be an object, got array; ignored`}},
		{"disabled not array", `{"hooksConfig": {"disabled": "x"}, ` + hooks + `}`, true, false, nil, []string{`1:30: "hooksConfig.disabled" must be an array of strings, got string; ignored`}},
		{"hooks not object", `{"hooks": []}`, true, false, nil, []string{`1:11: "hooks" must be an object mapping event names to hook definitions, got array; ignored`}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			reg, _ := loadString(t, "hooks.json", tt.config, "")
			assert.Equal(t, tt.warnings, warningTexts(reg))
			assert.Equal(t, tt.disabled, disabledNames(reg))
			require.Len(t, reg.Files, 1)
			assert.Equal(t, tt.enabled, reg.Files[0].Enabled)
			assert.Equal(t, tt.failClosed, reg.Files[0].FailClosed)
			if !strings.Contains(tt.config, `"BeforeTool"`) {
				return
			}
			require.Len(t, reg.Hooks, 2, "hooks of a disabled file are still loaded")
			for _, h := range reg.Hooks {
				assert.Equal(t, !tt.enabled, h.FileDisabled)
			}
			assert.Equal(t, tt.failClosed, reg.Hooks[0].FailClosed)
			assert.True(t, reg.Hooks[1].FailClosed)
		})
	}
}

func TestLoadDisabledAcrossFiles(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	a := writeFile(t, filepath.Join(dir, "a.json"), `{"hooksConfig": {"enabled": false, "disabled": ["b-hook"]}, "hooks": {"BeforeTool": [{"hooks": [{"type": "command", "command": "a"}]}]}}`)
	b := writeFile(t, filepath.Join(dir, "b.json"), `{"hooksConfig": {"disabled": ["a"]}, "hooks": {"BeforeTool": [{"hooks": [{"type": "command", "command": "b", "name": "b-hook"}, {"type": "command", "command": "c"}]}]}}`)
	reg, err := Load(Options{Configs: []string{a, b}, Getenv: env(nil)})
	require.NoError(t, err)
	assert.Equal(t, []string{"b-hook", "a"}, disabledNames(reg))
	require.Len(t, reg.Hooks, 3)
	assert.True(t, reg.IsDisabled(reg.Hooks[0]))
	assert.True(t, reg.Hooks[0].FileDisabled)
	assert.True(t, reg.IsDisabled(reg.Hooks[1]))
	assert.False(t, reg.Hooks[1].FileDisabled)
	assert.False(t, reg.IsDisabled(reg.Hooks[2]))
}

func TestLoadPlanOrder(t *testing.T) {
	t.Parallel()
	root := t.TempDir()
	project := filepath.Join(root, "project")
	getenv := isolatedEnv(root, nil)
	writeFile(t, filepath.Join(project, ".hookexec", "hooks.json"), `{"hooks": {
  "AfterTool": [{"hooks": [{"type": "command", "command": "p-after"}]}],
  "BeforeTool": [
    {"hooks": [{"type": "command", "command": "p-def1-a"}, {"type": "command", "command": "p-def1-b"}]},
    {"priority": 10, "hooks": [{"type": "command", "command": "p-prio10"}]}
  ],
  "PreToolUse": [{"hooks": [{"type": "command", "command": "p-pretool"}]}]
}}`)
	writeFile(t, filepath.Join(project, ".hookexec", "hooks.local.json"), `{"hooks": {
  "BeforeTool": [{"priority": -1, "hooks": [{"type": "command", "command": "local-neg"}]}, {"hooks": [{"type": "command", "command": "local"}]}]
}}`)
	writeFile(t, filepath.Join(root, "home", ".config", "hookexec", "hooks.json"), `{"hooks": {
  "BeforeTool": [{"priority": 10, "hooks": [{"type": "command", "command": "user-prio10"}]}, {"hooks": [{"type": "command", "command": "user"}]}]
}}`)
	writeFile(t, filepath.Join(root, "etc", "hooks.json"), `{"hooks": {
  "BeforeTool": [{"priority": 100, "hooks": [{"type": "command", "command": "system-prio100"}]}, {"hooks": [{"type": "command", "command": "system"}]}]
}}`)
	reg, err := Load(Options{ProjectDir: project, Getenv: getenv})
	require.NoError(t, err)
	assert.Equal(t, []string{
		"system-prio100",
		"p-prio10", "user-prio10",
		"p-after", "p-def1-a", "p-def1-b", "p-pretool", "local", "user", "system",
		"local-neg",
	}, commands(reg))

	var before []string
	for _, h := range reg.ForEvent(testevent.Get(t, "BeforeTool")) {
		before = append(before, h.Command)
	}
	assert.NotContains(t, before, "p-after")
	assert.Contains(t, before, "p-pretool")
}

func TestLoadEventKeys(t *testing.T) {
	t.Parallel()
	config := `{"hooks": {
  "BeforeTool": [{"hooks": [{"type": "command", "command": "first"}]}],
  "BeforeTol": [{"hooks": [{"type": "command", "command": "typo"}]}],
  "pretooluse": [{"hooks": [{"type": "command", "command": "lower"}]}],
  "BeforeTool": [{"hooks": [{"type": "command", "command": "second"}]}],
  "PreToolUse": [{"hooks": [{"type": "command", "command": "alias"}]}]
}}`
	reg, _ := loadString(t, "hooks.json", config, Gemini)
	assert.Equal(t, []string{"typo", "lower", "second", "alias"}, commands(reg))
	assert.Equal(t, []string{"typo"}, commandsOf(reg.ForEvent(event.Unknown("BeforeTol"))))
	assert.NotContains(t, commandsOf(reg.ForEvent(testevent.Get(t, "BeforeTool"))), "typo")
	warnings := warningTexts(reg)
	require.NotEmpty(t, warnings)
	assert.Regexp(t, `^2:3: duplicate key "BeforeTool": this value is ignored, the last one \(at .*hooks.json:5:3\) is used, as Gemini CLI does$`, warnings[0])
	assert.Equal(t, []string{
		`3:3: unknown event "BeforeTol" (did you mean "BeforeTool"?); its hooks run only for 'fire BeforeTol' in an agent format (--format claude|gemini)`,
		`4:3: unknown event "pretooluse" (did you mean "PreToolUse"? event names are case-sensitive); its hooks run only for 'fire pretooluse' in an agent format (--format claude|gemini)`,
	}, warnings[1:])
	assert.Equal(t, "BeforeTool", reg.Hooks[3].Event.Name)
	assert.Equal(t, "PreToolUse", reg.Hooks[3].EventKey)
}

func TestLoadEmptyConfigName(t *testing.T) {
	t.Parallel()
	_, err := Load(Options{Configs: []string{""}, Getenv: env(nil)})
	require.ErrorContains(t, err, "empty config file name")
}

// SPEC §2.5: in hookexec's own files a hook or definition with a field
// hookexec does not know is skipped (the engine then denies what it would
// have matched), with the field it most likely means; an agent's settings
// keep it, since agents add fields of their own.
func TestLoadUnknownFieldSkipsHook(t *testing.T) {
	t.Parallel()
	config := `{"hooks": {"PreToolUse": [
  {"matcher": "Bash", "hooks": [{"type": "command", "command": "./guard.sh", "failclosed": true}]},
  {"matchr": "Bash", "hooks": [{"type": "command", "command": "./other.sh"}]}
]}}`
	reg, _ := loadString(t, "hooks.json", config, "")
	assert.Empty(t, reg.Hooks)
	require.Len(t, reg.Warnings, 2)
	assert.Contains(t, reg.Warnings[0].Message, `PreToolUse[0].hooks[0]: unknown field "failclosed" (did you mean "failClosed"?); hook skipped`)
	assert.Contains(t, reg.Warnings[1].Message, `PreToolUse[1]: unknown field "matchr" (did you mean "matcher"?); definition skipped`)
	for _, w := range reg.Warnings {
		assert.True(t, w.Skips && w.Weakens, "%+v", w)
	}

	reg, _ = loadString(t, filepath.Join(".claude", "settings.json"), config, "")
	assert.Len(t, reg.Hooks, 2)
	assert.Empty(t, reg.Warnings)
}
