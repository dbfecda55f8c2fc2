package registry

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// "if" is read in every dialect; a value that is not a rule is reported
// and the hook is kept without its filter (a guard is never
// skipped because its filter is broken).
func TestIfField(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name, file string
		dialect    Dialect
		entry      string
		wantIf     string
		compiled   bool
		warning    string // regexp; "" for none
	}{
		{"claude", ".claude/settings.json", "", `"if": "Bash(rm *)"`, "Bash(rm *)", true, ""},
		{"native", "hooks.json", "", `"if": "Bash(rm *)"`, "Bash(rm *)", true, ""},
		{"native with a gemini tool", "hooks.json", "", `"if": "run_shell_command(rm *)"`, "run_shell_command(rm *)", true, ""},
		// Gemini CLI has no "if": it runs the hook on every call, and so
		// does the gemini dialect.
		{"gemini", "hooks.json", Gemini, `"if": "run_shell_command(rm *)"`, "", false,
			`^3:\d+: PreToolUse\[0\]\.hooks\[0\]: "if" is ignored in the gemini dialect: Gemini CLI has no "if" and runs this hook on every call its matcher selects`},
		{"llxprt", "hooks.json", LLxprt, `"if": "Bash(rm *)"`, "", false, `"if" is ignored in the llxprt dialect: LLxprt Code has no "if"`},
		{"empty", "hooks.json", "", `"if": ""`, "", false, ""},
		{"null", "hooks.json", "", `"if": null`, "", false, ""},
		{"not a rule", "hooks.json", "", `"if": "Bash(rm *"`, "Bash(rm *", false,
			`^3:\d+: PreToolUse\[0\]\.hooks\[0\]: "if" is not a permission rule: "Bash\(rm \*": the specifier must end with "\)".*; the hook runs without it, wherever its matcher matches$`},
		{"number", "hooks.json", "", `"if": 3`, "<number>", false,
			`"if" must be a string \(a permission rule such as "Bash\(git push \*\)"\), got number; the hook runs without it`},
		{"array", "hooks.json", "", `"if": ["Bash(rm *)"]`, "<array>", false, `"if" must be a string`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			config := "{\"hooks\": {\n  \"PreToolUse\": [\n    {\"matcher\": \"Bash\", \"hooks\": [{\"type\": \"command\", \"command\": \"x\", " + tt.entry + "}]}\n  ]\n}}"
			reg, _ := loadString(t, tt.file, config, tt.dialect)
			require.Len(t, reg.Hooks, 1, "the hook is kept")
			h := reg.Hooks[0]
			assert.Equal(t, tt.wantIf, h.If)
			assert.Equal(t, tt.compiled, h.IfRule != nil)
			if tt.warning == "" {
				assert.Empty(t, reg.Warnings)
				return
			}
			require.Len(t, reg.Warnings, 1)
			assert.True(t, reg.Warnings[0].Kept)
			assert.Regexp(t, tt.warning, warningTexts(reg)[0])
		})
	}
}

func TestValidateIf(t *testing.T) {
	t.Parallel()
	content := `{"hooks": {
  "PreToolUse": [{"matcher": "Bash", "hooks": [
    {"type": "command", "command": "true", "if": "Bash(git push *"},
    {"type": "command", "command": "true", "if": "Skill(deploy)"},
    {"type": "command", "command": "true", "if": "Bash(git push *)"},
    {"type": "command", "command": "true", "if": "Bash(echo \"a\")"}
  ]}, {"matcher": "Edit|Write", "hooks": [
    {"type": "command", "command": "true", "if": "Bash(rm *)"},
    {"type": "command", "command": "true", "if": "Edit(*.ts)"},
    {"type": "command", "command": "true", "if": "mcp__github"}
  ]}],
  "Stop": [{"hooks": [{"type": "command", "command": "true", "if": "Bash(rm *)"}]}]
}}`
	got := validateString(t, t.TempDir(), "hooks.json", content, nil)
	assert.Equal(t, []string{
		`3:50: warning: PreToolUse[0].hooks[0]: "if" is not a permission rule: "Bash(git push *": the specifier must end with ")", e.g. "Bash(git push *)"; the hook runs without it, wherever its matcher matches`,
		`4:50: warning: PreToolUse[0].hooks[1]: hookexec does not interpret the specifier of "Skill(deploy)"; the rule matches every call of Skill`,
		`4:50: warning: PreToolUse[0].hooks[1]: "if" "Skill(deploy)" names Skill, which the matcher "Bash" never selects: this hook never runs`,
		`6:50: warning: PreToolUse[0].hooks[3]: "Bash(echo \"a\")" has a quote: commands are matched after quote removal ("rm" is rm), so this rule never matches a quoted word; write the words without quotes`,
		`8:50: warning: PreToolUse[1].hooks[0]: "if" "Bash(rm *)" names Bash, which the matcher "Edit|Write" never selects: this hook never runs`,
		`12:68: warning: Stop[0].hooks[0]: "if" "Bash(rm *)": the event has no tool, so this hook never runs (an "if" applies to tool events only, as in Claude Code)`,
	}, got)
}
