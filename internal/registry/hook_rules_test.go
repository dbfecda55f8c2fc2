package registry

import (
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestLoadRulesHook(t *testing.T) {
	t.Parallel()
	reg, _ := loadString(t, "hooks.json", `{"hooks": {"BeforeTool": [{"hooks": [
  {"type": "rules", "name": "house", "deny": ["Bash(terraform destroy:*)", "Edit(.env)"],
   "ask": ["Bash(git push:*)"], "allow": ["Bash(ls:*)"], "reason": "house rules", "failClosed": true}
]}]}}`, Native)
	require.Len(t, reg.Hooks, 1)
	h := reg.Hooks[0]
	require.NotNil(t, h.Rules)
	assert.Empty(t, h.Command)
	assert.Nil(t, h.HTTP)
	require.Len(t, h.Rules.Deny, 2)
	assert.Equal(t, "Bash(terraform destroy:*)", h.Rules.Deny[0].Text)
	assert.Regexp(t, `hooks\.json:2:47$`, h.Rules.Deny[0].Pos, "the position of the rule's string")
	assert.Regexp(t, `hooks\.json:2:76$`, h.Rules.Deny[1].Pos)
	assert.Equal(t, "Bash(git push:*)", h.Rules.Ask[0].Text)
	assert.Equal(t, "Bash(ls:*)", h.Rules.Allow[0].Text)
	assert.Equal(t, "house rules", h.Rules.Reason)
	assert.True(t, h.FailClosed)
	assert.Equal(t, "house", h.DisplayName())
	assert.Equal(t, "rules: 2 deny, 1 ask, 1 allow rules", h.Target())
	assert.Empty(t, warningTexts(reg))
}

func TestLoadRulesHookInvalid(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name, hook string
		dialect    Dialect
		warning    string
	}{
		{name: "a rule that does not parse", hook: `{"type": "rules", "deny": ["Bash(ls", "Bash(rm:*)"]}`, dialect: Native,
			warning: `1:65: BeforeTool[0].hooks[0]: "deny[0]" is not a permission rule: "Bash(ls": the specifier must end with ")", e.g. "Bash(git push *)"; hook skipped`},
		{name: "not a string", hook: `{"type": "rules", "ask": [3]}`, dialect: Native,
			warning: `1:64: BeforeTool[0].hooks[0]: "ask[0]" must be a string, got number; hook skipped`},
		{name: "no rule", hook: `{"type": "rules", "deny": []}`, dialect: Native,
			warning: `1:38: BeforeTool[0].hooks[0]: a rules hook needs at least one rule in "deny", "ask" or "allow", or a pack in "use"; hook skipped`},
		{name: "an unknown pack", hook: `{"type": "rules", "use": ["hookexec:defaults"], "deny": ["Bash(rm:*)"]}`, dialect: Native,
			warning: `1:64: BeforeTool[0].hooks[0]: "use[0]": "hookexec:defaults" is not a built-in rule pack (built in: hookexec:default, hookexec:strict, hookexec:relaxed); did you mean "hookexec:default"?; hook skipped`},
		{name: "an unknown check", hook: `{"type": "rules", "use": ["hookexec:default"], "except": ["git-push-forced"]}`, dialect: Native,
			warning: `1:96: BeforeTool[0].hooks[0]: "except[0]": "git-push-forced" is not a check of the built-in packs (see docs/rules.md); did you mean "git-push-force"?; hook skipped`},
		{name: "a check named with its pack", hook: `{"type": "rules", "use": ["hookexec:default"], "except": ["hookexec:default/sudo"]}`, dialect: Native,
			warning: `1:96: BeforeTool[0].hooks[0]: "except[0]": "hookexec:default/sudo" is not a check of the built-in packs (see docs/rules.md); did you mean "sudo"?; hook skipped`},
		{name: "except without a pack", hook: `{"type": "rules", "deny": ["Bash(rm:*)"], "except": ["sudo"]}`, dialect: Native,
			warning: `1:90: BeforeTool[0].hooks[0]: "except" leaves checks out of the packs in "use", and there is none; hook skipped`},
		{name: "use not a list", hook: `{"type": "rules", "use": "hookexec:default"}`, dialect: Native,
			warning: `1:63: BeforeTool[0].hooks[0]: "use" must be an array of strings, got string; hook skipped`},
		{name: "misspelt key", hook: `{"type": "rules", "denny": ["Bash(rm:*)"]}`, dialect: Native,
			warning: `1:56: BeforeTool[0].hooks[0]: unknown field "denny" (did you mean "deny"?); hook skipped`},
		{name: "an agent's dialect", hook: `{"type": "rules", "deny": ["Bash(rm:*)"]}`, dialect: Gemini,
			warning: `1:47: BeforeTool[0].hooks[0]: "type": "rules" is read in hookexec's own (native) configs only; Gemini CLI does not know it; hook skipped`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			reg, _ := loadString(t, "hooks.json", `{"hooks": {"BeforeTool": [{"hooks": [`+tt.hook+`]}]}}`, tt.dialect)
			assert.Empty(t, reg.Hooks)
			assert.Equal(t, []string{tt.warning}, warningTexts(reg))
		})
	}
}

// A rules hook may hold only a pack.
func TestLoadRulesHookUse(t *testing.T) {
	t.Parallel()
	reg, _ := loadString(t, "hooks.json", `{"hooks": {"BeforeTool": [{"hooks": [{"type": "rules", "use": ["hookexec:default"]}]}]}}`, Native)
	require.Len(t, reg.Hooks, 1)
	set := reg.Hooks[0].Rules
	require.Len(t, set.Use, 1)
	assert.Equal(t, "hookexec:default", set.Use[0].Name)
	assert.Contains(t, set.Use[0].Pos, "hooks.json:1:")
	assert.Equal(t, "0 deny, 0 ask, 0 allow rules + hookexec:default", set.Summary())
}

// A project's rules hook is reviewed by its rules: trust shows them.
func TestDescribeRulesHook(t *testing.T) {
	t.Parallel()
	reg, path := loadString(t, "hooks.json", `{"hooks": {"BeforeTool": [{"matcher": "@shell", "hooks": [
  {"type": "rules", "deny": ["Bash(rm:*)"], "ask": ["Bash(git push:*)"]}
]}]}}`, Native)
	require.Len(t, reg.Hooks, 1)
	assert.Equal(t, `hooks.json BeforeTool "@shell": rules deny Bash(rm:*); ask Bash(git push:*)`, describeHook(reg.Hooks[0], filepath.Dir(path)))
}

// "except" leaves checks out of the hook's packs: the packs decide
// nothing for them, the summary, plan and trust's review say so.
func TestLoadRulesHookExcept(t *testing.T) {
	t.Parallel()
	reg, path := loadString(t, "hooks.json", `{"hooks": {"BeforeTool": [{"hooks": [{"type": "rules", "use": ["hookexec:strict"], "except": ["git-push-force", "rm-recursive"]}]}]}}`, Native)
	require.Len(t, reg.Hooks, 1)
	set := reg.Hooks[0].Rules
	require.Len(t, set.Except, 2)
	assert.Equal(t, "git-push-force", set.Except[0].ID)
	assert.Contains(t, set.Except[1].Pos, "hooks.json:1:")
	assert.Empty(t, set.Use[0].Pack.Decides("git-push-force"))
	assert.Empty(t, set.Use[0].Pack.Decides("rm-recursive"))
	assert.Equal(t, "deny", set.Use[0].Pack.Decides("git-reset-hard"))
	assert.Equal(t, "0 deny, 0 ask, 0 allow rules + hookexec:strict except git-push-force, rm-recursive", set.Summary())
	assert.Equal(t, `hooks.json BeforeTool: rules use hookexec:strict; except git-push-force, rm-recursive`, describeHook(reg.Hooks[0], filepath.Dir(path)))
	assert.Empty(t, warningTexts(reg))
}
