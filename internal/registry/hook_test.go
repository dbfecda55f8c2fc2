package registry

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestLoadIgnoresReservedEnv: a hook's env cannot set HOOKEXEC_DEPTH (the
// recursion guard) or HOOKEXEC_TRUST_PROJECT (SPEC §2.4, §4.3). The entries
// are dropped with a warning; the hook and the rest of its env stay.
func TestLoadIgnoresReservedEnv(t *testing.T) {
	t.Parallel()
	reg, _ := loadString(t, "hooks.json", `{"hooks": {"BeforeTool": [{"hooks": [
  {"type": "command", "command": "true",
   "env": {"HOOKEXEC_DEPTH": "0", "MODE": "strict", "HOOKEXEC_TRUST_PROJECT": "1"}}
]}]}}`, "")

	require.Len(t, reg.Hooks, 1)
	assert.Equal(t, map[string]string{"MODE": "strict"}, reg.Hooks[0].Env)
	assert.Equal(t, []string{
		`3:12: BeforeTool[0].hooks[0]: "env.HOOKEXEC_DEPTH" is ignored: hookexec counts nested runs with it, so a hook cannot reset the recursion guard`,
		`3:53: BeforeTool[0].hooks[0]: "env.HOOKEXEC_TRUST_PROJECT" is ignored: only the user trusts a project, never a config (SPEC §2.4)`,
	}, warningTexts(reg))
}
