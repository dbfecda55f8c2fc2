//go:build e2e && unix

package codex

import (
	"testing"

	"github.com/stretchr/testify/assert"
)

// TestCodexFormatClaude: why Codex has a format of its own. With the
// entries answering in Claude Code's format (--format claude, what the
// issue measured), Codex runs the tool beside a policy answering
// continue: false, where its own hooks block it (--format codex blocks:
// TestCodex). A deny beside a policy that timed out holds under both
// formats now: --format claude exits 0 and names the failed policy in
// systemMessage (issue 17), where the issue measured exit 1.
func TestCodexFormatClaude(t *testing.T) {
	e := setup(t)
	want := map[string]string{
		"PreToolUse deny beside a policy that times out": "no",  // exit 0 with the deny, in both formats
		"PreToolUse deny beside continue false":          "yes", // Codex rejects the answer holding continue
		"PreToolUse JSON deny":                           "no",  // the plain deny holds in both formats
	}
	for _, s := range scenarios() {
		ran, ok := want[s.name]
		if !ok {
			continue
		}
		t.Run(s.name, func(t *testing.T) {
			t.Parallel()
			f := e.run(t, s, "claude-format")
			assert.Equal(t, "2", f["model requests"], "codex ran the scenario")
			assert.Equal(t, ran, f["tool ran"], "tool ran under --format claude")
		})
	}
}
