package registry

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestLoadHTTPHook(t *testing.T) {
	t.Parallel()
	reg, _ := loadString(t, "hooks.json", `{"hooks": {"PreToolUse": [{"matcher": "Bash", "hooks": [
  {"type": "http", "url": "https://policy.example/hook", "timeout": 3,
   "headers": {"Authorization": "Bearer $TOKEN", "Content-Length": "9", "X-Trace": "${TRACE}"},
   "allowedEnvVars": ["TOKEN"], "onFailure": "block", "statusMessage": "checking"}
]}]}}`, Claude)
	require.Len(t, reg.Hooks, 1)
	h := reg.Hooks[0]
	require.NotNil(t, h.HTTP)
	assert.Equal(t, "https://policy.example/hook", h.HTTP.URL)
	assert.Equal(t, []Header{{"Authorization", "Bearer $TOKEN"}, {"X-Trace", "${TRACE}"}}, h.HTTP.Headers, "in file order, as written, without Content-Length")
	assert.Equal(t, []string{"TOKEN"}, h.HTTP.AllowedEnvVars)
	assert.Equal(t, int64(3e9), int64(h.Timeout))
	assert.True(t, h.FailClosed)
	assert.Empty(t, h.Command)
	assert.Equal(t, "https://policy.example/hook", h.DisplayName())
	assert.Equal(t, []string{
		`3:50: PreToolUse[0].hooks[0]: header "Content-Length" is ignored: the length of the request comes from its body`,
		`3:84: PreToolUse[0].hooks[0]: header "X-Trace" uses $TRACE, which "allowedEnvVars" does not list; it is sent empty`,
	}, warningTexts(reg))
}

func TestLoadOnFailure(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name    string
		fields  string
		dialect Dialect
		key     string // default BeforeTool (PreToolUse in claude)
		closed  bool
		warning string // "" = none
	}{
		{name: "absent", fields: ``, dialect: Native},
		{name: "block", fields: `, "onFailure": "block"`, dialect: Native, closed: true},
		{name: "block claude", fields: `, "onFailure": "block"`, dialect: Claude, closed: true},
		{name: "block gemini", fields: `, "onFailure": "block"`, dialect: Gemini, closed: true},
		{name: "continue", fields: `, "onFailure": "continue"`, dialect: Claude},
		{name: "failClosed", fields: `, "failClosed": true`, dialect: Claude, closed: true},
		{name: "failClosed and continue disagree", fields: `, "failClosed": true, "onFailure": "continue"`, dialect: Native, closed: true,
			warning: `"onFailure": "continue" contradicts "failClosed": true; the hook fails closed`},
		{name: "failClosed false and block", fields: `, "failClosed": false, "onFailure": "block"`, dialect: Native, closed: true},
		{name: "unknown value fails closed", fields: `, "onFailure": "deny"`, dialect: Claude, closed: true,
			warning: `"onFailure" must be "continue" or "block", got "deny"; the hook fails closed, as with "block"`},
		{name: "wrong type fails closed", fields: `, "onFailure": true`, dialect: Native, closed: true,
			warning: `"onFailure" must be the string "continue" or "block", got boolean; the hook fails closed, as with "block"`},
		{name: "claude ignores it on Stop", fields: `, "onFailure": "block"`, dialect: Claude, key: "Stop",
			warning: `has no effect on Stop, as in Claude Code`},
		{name: "claude ignores failClosed on SubagentStop", fields: `, "failClosed": true`, dialect: Claude, key: "SubagentStop",
			warning: `has no effect on SubagentStop`},
		{name: "native keeps it on AfterAgent", fields: `, "onFailure": "block"`, dialect: Native, key: "AfterAgent", closed: true},
		{name: "claude keeps it on UserPromptSubmit", fields: `, "onFailure": "block"`, dialect: Claude, key: "UserPromptSubmit", closed: true},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			key := tt.key
			if key == "" {
				key = "BeforeTool"
			}
			reg, _ := loadString(t, "hooks.json", `{"hooks": {"`+key+`": [{"hooks": [{"type": "command", "command": "x"`+tt.fields+`}]}]}}`, tt.dialect)
			require.Len(t, reg.Hooks, 1, warningTexts(reg))
			assert.Equal(t, tt.closed, reg.Hooks[0].FailClosed)
			if tt.warning == "" {
				assert.Empty(t, reg.Warnings)
				return
			}
			require.Len(t, reg.Warnings, 1)
			assert.Contains(t, reg.Warnings[0].Message, tt.warning)
			assert.True(t, reg.Warnings[0].Kept)
		})
	}
}

// hooksConfig.failClosed is hookexec's own: Claude's exemption of Stop
// does not touch it.
func TestLoadOnFailureExemptionKeepsFileFailClosed(t *testing.T) {
	t.Parallel()
	reg, _ := loadString(t, "hooks.json", `{"hooksConfig": {"failClosed": true}, "hooks": {"Stop": [{"hooks": [
  {"type": "command", "command": "x", "onFailure": "block"}]}]}}`, Claude)
	require.Len(t, reg.Hooks, 1)
	assert.True(t, reg.Hooks[0].FailClosed)
}

func TestLoadHTTPNotOnSessionStart(t *testing.T) {
	t.Parallel()
	for _, key := range []string{"SessionStart"} {
		reg, _ := loadString(t, "hooks.json", `{"hooks": {"`+key+`": [{"hooks": [
  {"type": "http", "url": "http://127.0.0.1:1/"},
  {"type": "command", "command": "echo ok"}]}]}}`, Claude)
		require.Len(t, reg.Hooks, 1)
		assert.Equal(t, "echo ok", reg.Hooks[0].Command)
		assert.Equal(t, []string{`2:3: SessionStart[0].hooks[0]: http hooks do not run on SessionStart, as in Claude Code (only command hooks run there); hook skipped`}, warningTexts(reg))
		assert.False(t, reg.Warnings[0].Kept)
	}
}

func TestExpandHeader(t *testing.T) {
	t.Parallel()
	env := map[string]string{"TOKEN": "t0k", "OTHER": "secret", "EVIL": "a\r\nX-Injected: 1", "lower": "no"}
	lookup := func(n string) string { return env[n] }
	allowed := []string{"TOKEN", "EVIL", "lower", "UNSET"}
	tests := []struct{ in, want string }{
		{"Bearer $TOKEN", "Bearer t0k"},
		{"Bearer ${TOKEN}", "Bearer t0k"},
		{"${TOKEN}x$TOKEN", "t0kxt0k"},
		{"$OTHER", ""},
		{"${OTHER}!", "!"},
		{"$UNSET", ""},
		{"$EVIL", "aX-Injected: 1"},
		{"$lower ${lower}", "$lower ${lower}"},
		{"$ 5$ $$TOKEN", "$ 5$ $t0k"},
		{"${TOKEN", "${TOKEN"},
		{"no vars", "no vars"},
		{"$TOKEN_2", ""},
	}
	for _, tt := range tests {
		assert.Equal(t, tt.want, ExpandHeader(tt.in, allowed, lookup), tt.in)
	}
	assert.Equal(t, []string{"TOKEN", "OTHER", "TOKEN"}, HeaderVars("$TOKEN ${OTHER} $lower $TOKEN"))
}

// validate warns about a command hook's fields on an http hook and the
// other way round.
func TestValidateOtherTypeFields(t *testing.T) {
	t.Parallel()
	got := validateString(t, t.TempDir(), "hooks.json", `{"hooks": {"BeforeTool": [{"hooks": [
  {"type": "http", "url": "http://127.0.0.1:1/", "command": "x"},
  {"type": "command", "command": "true", "url": "http://127.0.0.1:1/"}
]}]}}`, nil)
	assert.Equal(t, []string{
		`2:61: warning: BeforeTool[0].hooks[0]: field "command" has no effect on an http hook; ignored`,
		`3:49: warning: BeforeTool[0].hooks[1]: field "url" has no effect on a command hook; ignored`,
	}, got)
}
