//go:build e2e

package claude

import (
	"fmt"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/assert"
)

// TestClaudeMissingBinary is hookexec set up as the recipe says
// (hookexecHook), but the binary is gone (issue 17 §2). It has no twin
// with Claude's own hooks: the facts Claude Code 2.1.328 showed are
// asserted instead (docs/claude-code-facts.md). With onFailure "block"
// (what install writes) the guarded tool call is refused; without it
// (install --fail-open) the guard is gone and the tool runs, with only a
// non-blocking hook error to tell.
func TestClaudeMissingBinary(t *testing.T) {
	env := loadEnv(t)
	sc := scenario{name: "hookexec binary missing", tool: rmVictim, policies: []policy{
		pre("guard", `echo "E2E-REASON-guard no rm" >&2; exit 2`)}}
	want := map[string]map[string]string{
		"missing": {
			"tool ran":      "no",
			"policies ran":  "none",
			"tool_result":   "is_error=true",
			"hook outcomes": "PreToolUse error (exit 127)",
		},
		"missing-fail-open": {
			"tool ran":      "yes: rm -rf victim/",
			"policies ran":  "none",
			"tool_result":   "is_error=false",
			"hook outcomes": "PreToolUse error (exit 127)",
		},
	}
	for _, mode := range []string{"missing", "missing-fail-open"} {
		t.Run(mode, func(t *testing.T) {
			res := runClaude(t, env, sc, mode)
			dump(t, filepath.Join(env.out, "claude", sc.slug(), mode), res)
			facts := observe(sc, res, env)
			t.Logf("%s: %s", mode, facts)
			for k, v := range want[mode] {
				assert.Equal(t, v, facts[k], fmt.Sprintf("%s: %s", mode, k))
			}
		})
	}
}
