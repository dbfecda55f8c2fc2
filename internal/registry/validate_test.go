package registry

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// validateEnv is a Getenv for Validate: the real PATH (the default shell
// and programs are looked up on it), everything else from vars.
func validateEnv(dir string, vars map[string]string) func(string) string {
	all := map[string]string{"PATH": os.Getenv("PATH"), "HOME": filepath.Join(dir, "home"), "HOOKEXEC_SYSTEM_DIR": filepath.Join(dir, "etc")}
	for k, v := range vars {
		all[k] = v
	}
	return env(all)
}

// validateString validates content written to dir/rel (the project
// directory is dir) and returns the findings as "line:col: severity:
// message".
func validateString(t *testing.T, dir, rel, content string, vars map[string]string) []string {
	t.Helper()
	path := writeFile(t, filepath.Join(dir, rel), content)
	report, err := Validate(context.Background(), Options{Configs: []string{path}, ProjectDir: dir, Getenv: validateEnv(dir, vars)})
	require.NoError(t, err)
	require.Len(t, report.Files, 1)
	return findingTexts(report.Files[0].Findings)
}

func findingTexts(ds []Diagnostic) []string {
	out := []string{}
	for _, d := range ds {
		out = append(out, strings.TrimPrefix(d.String(), d.Pos.File+":"))
	}
	return out
}

// hookJSON wraps hook entries (JSON text) in a BeforeTool definition.
func hookJSON(hooks ...string) string {
	return `{"hooks": {"BeforeTool": [{"hooks": [` + strings.Join(hooks, ", ") + `]}]}}`
}

func TestValidateFileErrors(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name, content string
		want          []string
	}{
		{"syntax", "{\n  \"hooks\": {},\n}\n", []string{`3:1: error: invalid JSON: invalid character '}' after ',': trailing commas are not allowed in JSON`}},
		{"not an object", `[]`, []string{`1:1: error: a config file must be a JSON object, not an array`}},
		{"valid", `{"hooks": {}}`, []string{}},
		{"settings file", `{"permissions": {"allow": []}, "model": "x", "hooks": {}}`, []string{}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			assert.Equal(t, tt.want, validateString(t, t.TempDir(), "hooks.json", tt.content, nil))
		})
	}
	t.Run("missing explicit file", func(t *testing.T) {
		t.Parallel()
		dir := t.TempDir()
		missing := filepath.Join(dir, "nope.json")
		report, err := Validate(context.Background(), Options{Configs: []string{missing}, ProjectDir: dir, Getenv: validateEnv(dir, nil)})
		require.NoError(t, err)
		require.Len(t, report.Files, 1)
		assert.Equal(t, []string{missing + ": error: no such file"}, func() []string {
			var out []string
			for _, d := range report.Files[0].Findings {
				out = append(out, d.String())
			}
			return out
		}())
		assert.Equal(t, 1, report.Count(SeverityError))
	})
}

// Every entry fire skips with a warning is an error in validate.
func TestValidateSkippedEntriesAreErrors(t *testing.T) {
	t.Parallel()
	content := `{
  "hooksConfig": {"enabled": "yes"},
  "hooks": {
    "BeforeTol": [],
    "beforeTool": [],
    "PreToolUse": [{"hooks": [
      {"type": "http", "url": "ftp://x"},
      {"type": "Command", "command": "true"},
      {"type": "command", "command": "true", "timeout": 0}
    ]}]
  }
}`
	got := validateString(t, t.TempDir(), "hooks.json", content, nil)
	assert.Equal(t, []string{
		`2:30: error: "hooksConfig.enabled" must be a boolean, got string; ignored`,
		`4:5: error: unknown event "BeforeTol" (did you mean "BeforeTool"?); its hooks run only for 'fire BeforeTol' in an agent format (--format claude|gemini)`,
		`5:5: error: unknown event "beforeTool" (did you mean "BeforeTool"? event names are case-sensitive); its hooks run only for 'fire beforeTool' in an agent format (--format claude|gemini)`,
		`7:31: error: PreToolUse[0].hooks[0]: "url" "ftp://x" must be an http:// or https:// URL; hook skipped`,
		`8:16: error: PreToolUse[0].hooks[1]: "type" is "Command"; types are case-sensitive, use "command"; hook skipped`,
		`9:57: error: PreToolUse[0].hooks[2]: "timeout" must be positive, got 0; hook skipped`,
	}, got)
}

func TestValidateUnknownFields(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name, content string
		want          []string
	}{
		{"hook typo", hookJSON(`{"type": "command", "command": "true", "timout": 5000}`),
			[]string{`1:77: error: BeforeTool[0].hooks[0]: unknown field "timout" (did you mean "timeout"?); hook skipped`}},
		{"hook unknown", hookJSON(`{"type": "command", "command": "true", "spinner": "x"}`),
			[]string{`1:77: error: BeforeTool[0].hooks[0]: unknown field "spinner"; hook skipped`}},
		{"claude typo", hookJSON(`{"type": "command", "command": "true", "statusMesage": "x"}`),
			[]string{`1:77: error: BeforeTool[0].hooks[0]: unknown field "statusMesage" (did you mean "statusMessage"?); hook skipped`}},
		{"hook case", hookJSON(`{"type": "command", "command": "true", "failclosed": true}`),
			[]string{`1:77: error: BeforeTool[0].hooks[0]: unknown field "failclosed" (did you mean "failClosed"?); hook skipped`}},
		{"definition", `{"hooks": {"BeforeTool": [{"matchers": "x", "hooks": []}]}}`,
			[]string{`1:28: error: BeforeTool[0]: unknown field "matchers" (did you mean "matcher"?); definition skipped`}},
		{"hooksConfig", `{"hooksConfig": {"enable": false, "notifications": true}}`,
			[]string{`1:18: error: hooksConfig: unknown field "enable" (did you mean "enabled"?); ignored`}},
		{"top-level typo", `{"hook": {}, "HooksConfig": {}, "tools": {}, "permissions": {}}`,
			[]string{`1:2: warning: top-level key "hook" is ignored (did you mean "hooks"?)`, `1:14: warning: top-level key "HooksConfig" is ignored (did you mean "hooksConfig"?)`}},
		{"harmless claude fields", hookJSON(`{"type": "command", "command": "true", "async": false, "args": [], "env": {"A": "b"}, "shell": "sh", "name": "n", "description": "d", "failClosed": false}`),
			[]string{}},
		// Every field of a Claude Code 2.1.328 command hook is known.
		{"claude command fields", hookJSON(`{"type": "command", "command": "true", "if": "Bash(git *)", "async": true, "asyncRewake": false, "statusMessage": "s", "once": true, "rewakeMessage": "m", "rewakeSummary": "s", "cloud": "skip", "onFailure": "continue", "timeout": 5000}`),
			[]string{}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			assert.Equal(t, tt.want, validateString(t, t.TempDir(), "hooks.json", tt.content, nil))
		})
	}
}

// SPEC §2.5: an agent's settings keep a hook with an unknown field (agents
// add fields of their own); validate warns. hookexec's own files skip it
// (TestValidateUnknownFields).
func TestValidateUnknownFieldAgentDialect(t *testing.T) {
	t.Parallel()
	content := `{"hooks": {"PreToolUse": [{"matchers": "Bash", "hooks": [{"type": "command", "command": "true", "failclosed": true}]}]}}`
	assert.Equal(t, []string{
		`1:28: warning: PreToolUse[0]: unknown field "matchers" (did you mean "matcher"?); ignored`,
		`1:97: warning: PreToolUse[0].hooks[0]: unknown field "failclosed" (did you mean "failClosed"?); ignored`,
	}, validateString(t, t.TempDir(), ".claude/settings.json", content, nil))
}

func TestValidateMatchers(t *testing.T) {
	t.Parallel()
	def := func(key, matcher string) string {
		return `{"hooks": {"` + key + `": [{"matcher": ` + matcher + `, "hooks": [{"type": "command", "command": "true"}]}]}}`
	}
	tests := []struct {
		name, file, content string
		want                []string
	}{
		{"native glob ok", "hooks.json", def("BeforeTool", `"write_*|Edit"`), []string{}},
		{"native bad glob", "hooks.json", def("BeforeTool", `"[abc"`),
			[]string{`1:39: error: BeforeTool[0]: matcher "[abc" does not compile: glob: syntax error at 4: unexpected end of input; definition skipped`}},
		{"native look-ahead", "hooks.json", def("BeforeTool", `"re:^(?!Bash)"`),
			[]string{"1:39: error: BeforeTool[0]: matcher \"re:^(?!Bash)\" does not compile: error parsing regexp: invalid or unsupported Perl syntax: `(?!` (look-around such as (?!...) is JavaScript syntax that Go regular expressions (RE2) do not support; match the names you want instead, or test the value in the hook); definition skipped"}},
		{"native looks like a regex", "hooks.json", def("BeforeTool", `"Bash.*"`),
			[]string{`1:39: warning: BeforeTool[0]: matcher "Bash.*" looks like a regular expression, but native matchers are |-separated globs matched against the whole value; write "re:Bash.*" for a regular expression`}},
		{"native regex ok", "hooks.json", def("BeforeTool", `"re:^Bash$"`), []string{}},
		{"native re: in an alternative", "hooks.json", def("BeforeTool", `"Edit| re:^Bash"`),
			[]string{`1:39: warning: BeforeTool[0]: matcher "Edit| re:^Bash": "re:" makes a regular expression only at the start of the whole matcher; in an alternative it is matched literally`}},
		{"no match value", "hooks.json", def("BeforeAgent", `"Bash"`),
			[]string{`1:40: warning: BeforeAgent[0]: matcher "Bash" has no effect: BeforeAgent has no match value, so these hooks run for every BeforeAgent event`}},
		{"no match value, alias", "hooks.json", def("Stop", `"x"`),
			[]string{`1:33: warning: Stop[0]: matcher "x" has no effect: AfterAgent has no match value, so these hooks run for every AfterAgent event`}},
		{"no match value, match-all", "hooks.json", def("BeforeAgent", `"*"`), []string{}},
		{"claude invalid regex", ".claude/settings.json", def("PreToolUse", `"Bash(.*"`),
			[]string{"1:39: error: PreToolUse[0]: matcher \"Bash(.*\" does not compile: invalid JavaScript regular expression: missing closing ) in `Bash(.*`; this matcher never matches"}},
		// JavaScript syntax compiles in the agent dialects.
		{"claude back-reference", ".claude/settings.json", def("PreToolUse", `"(a)\\1"`), []string{}},
		{"claude inline flag", ".claude/settings.json", def("PreToolUse", `"(?i)bash"`),
			[]string{"1:39: error: PreToolUse[0]: matcher \"(?i)bash\" does not compile: invalid JavaScript regular expression: invalid group \"(?i)\" ((?i) is PCRE or .NET syntax: JavaScript regular expressions have no inline flags such as (?i), comments, atomic groups or (?P<name>...), and the agent rejects this matcher; write the alternatives out, e.g. [Bb]ash for (?i)bash); this matcher never matches"}},
		{"claude name list", ".claude/settings.json", def("PreToolUse", `"Edit|Write"`), []string{}},
		{"gemini fallback", ".gemini/settings.json", def("BeforeTool", `"Bash("`),
			[]string{"1:39: warning: BeforeTool[0]: matcher \"Bash(\" does not compile: invalid JavaScript regular expression: missing closing ) in `Bash(`; gemini compares it with the value for exact equality instead"}},
		{"gemini look-ahead", ".gemini/settings.json", def("BeforeTool", `"^(?!read_).*_file$"`), []string{}},
		{"llxprt look-behind", ".llxprt/settings.json", def("BeforeTool", `"(?<=x)y"`), []string{}},
		{"llxprt atomic group", ".llxprt/settings.json", def("BeforeTool", `"(?>x)y"`),
			[]string{"1:39: warning: BeforeTool[0]: matcher \"(?>x)y\" does not compile: invalid JavaScript regular expression: invalid group \"(?>x)\" ((?>x) is PCRE or .NET syntax: JavaScript regular expressions have no inline flags such as (?i), comments, atomic groups or (?P<name>...), and the agent rejects this matcher; write the alternatives out, e.g. [Bb]ash for (?i)bash); llxprt compares it with the value for exact equality instead"}},
		{"skipped definition still checked", "hooks.json", `{"hooks": {"BeforeTool": [{"matcher": "[x", "priority": "high", "hooks": []}]}}`,
			[]string{
				`1:39: error: BeforeTool[0]: matcher "[x" does not compile: glob: syntax error at 2: unexpected end of input; definition skipped`,
				`1:57: error: BeforeTool[0]: "priority" must be an integer, got string; definition skipped`,
			}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			assert.Equal(t, tt.want, validateString(t, t.TempDir(), tt.file, tt.content, nil))
		})
	}
}

func TestValidateTimeouts(t *testing.T) {
	t.Parallel()
	hook := func(timeout string) string {
		return hookJSON(`{"type": "command", "command": "true", "timeout": ` + timeout + `}`)
	}
	claude := func(timeout string) string {
		return `{"hooks": {"PreToolUse": [{"hooks": [{"type": "command", "command": "true", "timeout": ` + timeout + `}]}]}}`
	}
	tests := []struct {
		name, file, content string
		want                []string
	}{
		{"claude milliseconds", ".claude/settings.json", claude("30000"),
			[]string{`1:88: warning: PreToolUse[0].hooks[0]: "timeout": 30000 is 8h20m; claude timeouts are in seconds (for 30s write 30 or "30s"; the dialect comes from the file's directory, .claude/ meaning claude, or from --dialect)`}},
		{"claude 1500", ".claude/settings.json", claude("1500"),
			[]string{`1:88: warning: PreToolUse[0].hooks[0]: "timeout": 1500 is 25m; claude timeouts are in seconds (for 1.5s write 1.5 or "1.5s"; the dialect comes from the file's directory, .claude/ meaning claude, or from --dialect)`}},
		{"claude seconds", ".claude/settings.json", claude("30"), []string{}},
		{"claude duration string", ".claude/settings.json", claude(`"30000ms"`), []string{}},
		{"native seconds", "hooks.json", hook("5"),
			[]string{`1:88: error: BeforeTool[0].hooks[0]: "timeout": 5 is 5ms; native timeouts are in milliseconds (for 5s write 5000 or "5s"; the dialect comes from the file's directory, .claude/ meaning claude, or from --dialect)`}},
		{"gemini seconds", ".gemini/settings.json", hook("60"),
			[]string{`1:88: error: BeforeTool[0].hooks[0]: "timeout": 60 is 60ms; gemini timeouts are in milliseconds (for 1m write 60000 or "1m"; the dialect comes from the file's directory, .claude/ meaning claude, or from --dialect)`}},
		{"native milliseconds", "hooks.json", hook("5000"), []string{}},
		{"native 100", "hooks.json", hook("100"), []string{}},
		{"negative", "hooks.json", hook("-1"),
			[]string{`1:88: error: BeforeTool[0].hooks[0]: "timeout" must be positive, got -1; hook skipped`}},
		{"zero duration", "hooks.json", hook(`"0s"`),
			[]string{`1:88: error: BeforeTool[0].hooks[0]: "timeout" must be positive, got "0s"; hook skipped`}},
		{"not a duration", "hooks.json", hook(`"30000"`),
			[]string{`1:88: error: BeforeTool[0].hooks[0]: "timeout" "30000" is neither a number (milliseconds) nor a duration such as "1m30s"; hook skipped`}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			assert.Equal(t, tt.want, validateString(t, t.TempDir(), tt.file, tt.content, nil))
		})
	}
}

func TestShortDuration(t *testing.T) {
	t.Parallel()
	for in, want := range map[string]string{"8h20m0s": "8h20m", "1h0m0s": "1h", "10m0s": "10m", "1m30s": "1m30s", "5ms": "5ms", "1h0m5s": "1h0m5s", "2h1m0s": "2h1m", "500ms": "500ms", "1m0s": "1m"} {
		d, err := time.ParseDuration(in)
		require.NoError(t, err)
		assert.Equal(t, want, ShortDuration(d), in)
	}
}

func TestValidateDiscovered(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	project := writeFile(t, filepath.Join(dir, ".hookexec", "hooks.json"), `{"hooksConfig": {"enabled": false}, "hooks": {"BeforeTool": [{"hooks": [{"type": "command", "command": "true"}]}]}}`)
	user := writeFile(t, filepath.Join(dir, "home", ".config", "hookexec", "hooks.json"), `{"hooks": {"BeforeTol": []}}`)
	ext := writeFile(t, filepath.Join(dir, ".hookexec", "extensions", "e", "hooks.json"), `{"hooks": {"BeforeTool": [{"hooks": [{"type": "command", "command": "${extensionPath}/run.sh"}]}]}}`)
	writeFile(t, filepath.Join(dir, ".claude", "settings.json"), `{"hooks": {"Nope": []}}`) // never discovered

	report, err := Validate(context.Background(), Options{ProjectDir: dir, Getenv: validateEnv(dir, nil)})
	require.NoError(t, err)
	require.Len(t, report.Files, 3, "missing discovered files are not listed")
	assert.Equal(t, FileReport{Path: project, Source: Project, Dialect: Native, Hooks: 1, Enabled: false, Findings: nil}, report.Files[0])
	assert.Equal(t, user, report.Files[1].Path)
	assert.Equal(t, User, report.Files[1].Source)
	assert.Equal(t, []string{`1:12: error: unknown event "BeforeTol" (did you mean "BeforeTool"?); its hooks run only for 'fire BeforeTol' in an agent format (--format claude|gemini)`}, findingTexts(report.Files[1].Findings))
	assert.Equal(t, ext, report.Files[2].Path)
	assert.Equal(t, Extension, report.Files[2].Source)
	assert.Equal(t, []string{`1:69: error: BeforeTool[0].hooks[0]: script "${HOOKEXEC_EXTENSION_PATH}"/run.sh does not exist (resolved to ` + filepath.Join(dir, ".hookexec", "extensions", "e") + `/run.sh); the shell exits 127 and the hook always fails`},
		findingTexts(report.Files[2].Findings))
	assert.Equal(t, 2, report.Count(SeverityError))
	assert.Equal(t, 0, report.Count(SeverityWarning))
	assert.Len(t, report.Findings(), 2)
}

func TestValidateBadDialect(t *testing.T) {
	t.Parallel()
	_, err := Validate(context.Background(), Options{Configs: []string{"x.json"}, Dialect: "fish", Getenv: env(nil)})
	require.Error(t, err)
}

// Hooks inside a definition that fire skips are still checked.
func TestValidateHooksOfSkippedDefinition(t *testing.T) {
	t.Parallel()
	content := `{"hooks": {"BeforeTool": [{"priority": "high", "hooks": [
  {"type": "command", "command": "echo (", "timeout": 5},
  {"type": "command", "comand": "x"}
]}]}}`
	got := validateString(t, t.TempDir(), "hooks.json", content, nil)
	require.Len(t, got, 4, "%q", got)
	assert.Equal(t, `1:40: error: BeforeTool[0]: "priority" must be an integer, got string; definition skipped`, got[0])
	assert.Contains(t, got[1], `2:34: error: BeforeTool[0].hooks[0]: shell syntax error (bash): line 1:1: `)
	assert.Equal(t, `2:55: error: BeforeTool[0].hooks[0]: "timeout": 5 is 5ms; native timeouts are in milliseconds (for 5s write 5000 or "5s"; the dialect comes from the file's directory, .claude/ meaning claude, or from --dialect)`, got[2])
	assert.Equal(t, `3:23: error: BeforeTool[0].hooks[1]: unknown field "comand" (did you mean "command"?); hook skipped`, got[3])
}
