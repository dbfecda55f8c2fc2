//go:build e2e

package claude

import (
	"fmt"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/hookexec/hookexec/e2e/harness"
)

// packDestructive is the destructive call of TestClaudePack: a recursive
// delete of a directory beside the project, which Claude Code 2.1.328 runs
// with Bash allowed (it refuses rm -rf ~ by itself, not this).
const packDestructive = "rm -rf ../other-project"

// TestClaudePack: the built-in pack hookexec:default as the project's only
// guard (docs/rules.md), with the real Claude Code. In one project, the
// fake model asks for an everyday call (harness.PackEveryday), then for a
// destructive one Claude's own checks let through. First without hookexec:
// the delete happens, so what stops it later is hookexec. Then with the
// pack in .hookexec/hooks.json, trusted, and install claude's entries: the
// everyday call runs, the delete is denied, nothing is lost, and the model
// reads the pack's reason (its category, the command); hookexec log
// --blocked lists the block. The row goes to OUT/claude-pack.md.
func TestClaudePack(t *testing.T) {
	env := loadEnv(t)
	u := newE2EUser(t, env, "user")
	f := harness.NewPackFixture(t, filepath.Join(u.home, "work"), u.env)
	script := []scriptedCall{{name: "Bash", input: bashCall(harness.PackEveryday)}, {name: "Bash", input: bashCall(packDestructive)}}

	alone := packSession(t, env, u, f, "alone", script)
	lostAlone := f.Lost()
	require.Contains(t, lostAlone, "the directory outside the project",
		"Claude Code alone did not run %s (it got: %q): a block by hookexec would prove nothing", packDestructive, alone)
	assert.True(t, f.EverydayRan(), "Claude Code alone did not run the everyday call: %q", alone)
	f.Restore(t)

	f.WritePackConfig(t)
	for _, args := range [][]string{{"trust", "--yes"}, {"install", "claude"}} {
		out, code := runQuickstartLine(env.bin, args, f.Project, u.env)
		require.Zero(t, code, "hookexec %s:\n%s", strings.Join(args, " "), out)
	}
	guarded := packSession(t, env, u, f, "guarded", script)
	assert.True(t, f.EverydayRan(), "hookexec:default stopped the everyday call: %q", guarded[0])
	assert.True(t, strings.HasPrefix(guarded[0], "is_error=false"), "the everyday call's result: %q", guarded[0])
	assert.Contains(t, guarded[0], "notes.txt", "the everyday call's result holds git status")
	lost := f.Lost()
	assert.Empty(t, lost, "%s ran through hookexec:default", packDestructive)
	assert.True(t, strings.HasPrefix(guarded[1], "is_error=true"), "the destructive call was not refused: %q", guarded[1])
	for _, want := range []string{"hookexec:default", "[destructive delete]", packDestructive} {
		assert.Contains(t, guarded[1], want, "the model was not told the pack's reason")
	}
	out, code := runQuickstartLine(env.bin, []string{"log", "--blocked"}, f.Project, u.env)
	if assert.Zero(t, code, "hookexec log --blocked:\n%s", out) {
		assert.Equal(t, 1, strings.Count(out, packDestructive), "hookexec log --blocked lists the block once:\n%s", out)
	}

	harness.WritePackRow(t, filepath.Join(env.out, "claude-pack.md"), harness.PackRow{
		Agent:       "Claude Code (`claude -p --permission-mode acceptEdits --allowedTools Bash`)",
		OwnChecks:   "its permission mode and its own refusals (it refuses `rm -rf ~` by itself)",
		Destructive: packDestructive, Alone: "ran it: " + harness.PackLost(lostAlone), Guarded: "denied: " + harness.PackLost(lost),
		Reason: strings.TrimPrefix(guarded[1], "is_error=true: "), EverydayRan: f.EverydayRan(),
	})
}

// packSession runs one claude -p session of TestClaudePack in the
// fixture's project and returns the tool results the model got, one per
// scripted call.
func packSession(t *testing.T, env e2eEnv, u *e2eUser, f *harness.PackFixture, name string, script []scriptedCall) []string {
	t.Helper()
	api := startScriptedAPI(t, script, nil)
	res := claudeSession(t, env, session{project: f.Project, home: u.home, api: api, prompt: "Tidy up the workspace.", env: u.env})
	dump(t, filepath.Join(env.out, "claude", "pack-"+name), res)
	require.NoError(t, res.err, "claude (%s):\n%s", name, res.stderr)
	results := toolResults(res)
	require.Len(t, results, len(script), "%s: one tool result per scripted call: %q", name, results)
	for i := range results {
		results[i] = u.scrub(results[i])
	}
	t.Log(fmt.Sprintf("%s: %q", name, results))
	return results
}
