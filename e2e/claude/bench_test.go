//go:build e2e

package claude

import (
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/hookexec/hookexec/e2e/harness"
)

// The bench's size: tool calls per session and rounds of sessions (each
// round runs every way once). HOOKEXEC_E2E_BENCH_CALLS and
// HOOKEXEC_E2E_BENCH_ROUNDS raise them by hand.
const (
	benchCalls  = 20
	benchRounds = 4
)

// benchWay is one way of running the PreToolUse policy `true` on every
// Bash call: its Claude settings for a session.
type benchWay struct {
	name     string
	label    string
	settings func(b *benchSetup) map[string]any
	// pack: the session's HOME is the one whose hookexec user config
	// holds the rules hook of hookexec:default instead of `true`.
	pack bool
}

// benchSetup is what the sessions of the bench share: the user's HOME
// (hookexec's user config holds the policy; the server's token), the
// PreToolUse entries and env blocks install writes.
type benchSetup struct {
	fire, serve       map[string]any
	fireEnv, serveEnv map[string]any
	// starter is the command that runs the starter policy script (what
	// hookexec init wrote before the rules pack) as Claude's own hook.
	starter string
}

// benchWays are the ways the bench compares (issue 21): no hook at all,
// the policy run by Claude itself, through hookexec fire as install claude
// writes it, and through hookexec serve --http as install claude --http
// writes it (the server started before the session, as the SessionStart
// entry would).
func benchWays() []benchWay {
	pre := func(h, env map[string]any) map[string]any {
		s := map[string]any{"hooks": map[string]any{"PreToolUse": []any{map[string]any{"hooks": []any{h}}}}}
		if len(env) > 0 {
			s["env"] = env
		}
		return s
	}
	return []benchWay{
		{name: "none", label: "no hooks", settings: func(*benchSetup) map[string]any { return map[string]any{} }},
		{name: "claude", label: "`true` run by Claude itself", settings: func(*benchSetup) map[string]any {
			return pre(map[string]any{"type": "command", "command": "true", "timeout": hookexecTimeout}, nil)
		}},
		{name: "fire", label: "`true` through `hookexec fire`", settings: func(b *benchSetup) map[string]any {
			return pre(b.fire, b.fireEnv)
		}},
		{name: "serve", label: "`true` through `hookexec serve --http`", settings: func(b *benchSetup) map[string]any {
			return pre(b.serve, b.serveEnv)
		}},
		{name: "starter", label: "the starter policy script run by Claude itself", settings: func(b *benchSetup) map[string]any {
			return pre(map[string]any{"type": "command", "command": b.starter, "timeout": hookexecTimeout}, nil)
		}},
		{name: "pack", label: "`hookexec:default` (a rules hook) through `hookexec fire`", pack: true, settings: func(b *benchSetup) map[string]any {
			return pre(b.fire, b.fireEnv)
		}},
	}
}

// installedPreToolUse runs hookexec install claude --user with args as the
// user whose HOME is home, and returns the PreToolUse entry and the env
// block it wrote; then it uninstalls, so that the user's settings hold
// nothing of it.
func installedPreToolUse(t *testing.T, env e2eEnv, home string, args ...string) (entry, envBlock map[string]any) {
	t.Helper()
	hookexecAs(t, env, home, home, append([]string{"install", "claude", "--user"}, args...)...)
	b, err := os.ReadFile(filepath.Join(home, ".claude", "settings.json"))
	require.NoError(t, err)
	var settings struct {
		Env   map[string]any `json:"env"`
		Hooks struct {
			PreToolUse []struct {
				Hooks []map[string]any `json:"hooks"`
			} `json:"PreToolUse"`
		} `json:"hooks"`
	}
	require.NoError(t, json.Unmarshal(b, &settings))
	require.Len(t, settings.Hooks.PreToolUse, 1, "install's PreToolUse:\n%s", b)
	require.Len(t, settings.Hooks.PreToolUse[0].Hooks, 1, "install's PreToolUse:\n%s", b)
	hookexecAs(t, env, home, home, "uninstall", "claude", "--user")
	return settings.Hooks.PreToolUse[0].Hooks[0], settings.Env
}

// TestClaudeBench measures what one trivial policy adds to a Bash tool
// call inside the real Claude Code, each way (benchWays), and what the
// guard of a new project adds: the built-in pack hookexec:default through
// fire against the starter policy script run by Claude itself: sessions in
// which the fake model asks for benchCalls `true` calls in a row; the time
// from the fake API's tool_use answer to Claude's next request (with the
// tool's result) is one call. The ways alternate, round after round, so
// that drift in the machine's load hits all alike. It asserts that every
// call ran and that the policy ran on it, never a time; the medians and
// quartiles go to OUT/claude-bench.md. HOOKEXEC_E2E_ONLY keeps the ways
// whose name (none, claude, fire, serve) it matches.
func TestClaudeBench(t *testing.T) {
	env := loadEnv(t)
	calls, rounds := envInt(t, "HOOKEXEC_E2E_BENCH_CALLS", benchCalls), envInt(t, "HOOKEXEC_E2E_BENCH_ROUNDS", benchRounds)
	home, packHome := t.TempDir(), t.TempDir()
	writePolicyTrue(t, home)
	writePolicyPack(t, packHome)
	starter, err := filepath.Abs(filepath.Join("..", "..", "examples", "policies", "block-dangerous-shell", "block-dangerous-shell.sh"))
	require.NoError(t, err)
	require.FileExists(t, starter)
	b := &benchSetup{starter: "sh " + shellQuote(starter)}
	ways := harness.Only(t, benchWays(), func(w benchWay) string { return w.name })
	if len(ways) == 0 {
		t.Skip("HOOKEXEC_E2E_ONLY keeps none of the ways")
	}
	for _, w := range ways {
		switch w.name {
		case "fire", "pack":
			if b.fire == nil {
				b.fire, b.fireEnv = installedPreToolUse(t, env, home)
			}
		case "serve":
			addr := closedAddr(t)
			b.serve, b.serveEnv = installedPreToolUse(t, env, home, "--http", "--http-addr", addr)
			startServe(t, env, home, addr)
		}
	}
	samples := map[string][]time.Duration{}
	start := time.Now()
	for round := 1; round <= rounds; round++ {
		for _, w := range ways {
			project := t.TempDir()
			require.NoError(t, os.MkdirAll(filepath.Join(project, ".claude"), 0o755))
			writeJSONFile(t, filepath.Join(project, ".claude", "settings.json"), w.settings(b))
			var script []scriptedCall
			for i := 0; i < calls; i++ {
				script = append(script, scriptedCall{name: "Bash", input: map[string]any{"command": "true", "description": fmt.Sprintf("call %d", i+1)}})
			}
			api := startScriptedAPI(t, script, nil)
			sessionHome := home
			if w.pack {
				sessionHome = packHome
			}
			res := claudeSession(t, env, session{project: project, home: sessionHome, api: api, prompt: "Run true a few times."})
			dump(t, filepath.Join(env.out, "claude-bench", fmt.Sprintf("%s-%d", w.name, round)), res)
			require.NoError(t, res.err, "%s, round %d: claude:\n%s", w.name, round, res.stderr)
			got := callIntervals(res.requests)
			require.Len(t, got, calls, "%s, round %d: every scripted call was answered", w.name, round)
			hooks := 0
			for _, ev := range res.stream {
				if ev["type"] == "system" && ev["subtype"] == "hook_response" && ev["hook_event"] == "PreToolUse" {
					hooks++
					assert.Equal(t, "success", ev["outcome"], "%s, round %d: the policy let the call through", w.name, round)
				}
			}
			want := calls
			if w.name == "none" {
				want = 0
			}
			assert.Equal(t, want, hooks, "%s, round %d: the PreToolUse hook ran on every call", w.name, round)
			samples[w.name] = append(samples[w.name], got...)
		}
	}
	writeBench(t, env, filepath.Join(env.out, "claude-bench.md"), ways, samples, calls, rounds, time.Since(start))
}

// callIntervals are, for each tool_use the fake API answered, the time
// from when that answer went out to when Claude's next main-loop request
// (carrying the tool's result) came in.
func callIntervals(requests []apiRequest) []time.Duration {
	var out []time.Duration
	var last *apiRequest
	for i := range requests {
		r := &requests[i]
		if !r.Main {
			continue
		}
		if last != nil && strings.HasPrefix(last.Answer, "tool_use ") && !last.Sent.IsZero() {
			out = append(out, r.At.Sub(last.Sent))
		}
		last = r
	}
	return out
}

// writePolicyTrue writes the bench's one policy into hookexec's user
// config under home: `true` on every PreToolUse of Bash.
func writePolicyTrue(t *testing.T, home string) {
	t.Helper()
	dir := filepath.Join(home, ".config", "hookexec")
	require.NoError(t, os.MkdirAll(dir, 0o700))
	writeJSONFile(t, filepath.Join(dir, "hooks.json"), map[string]any{"hooks": map[string]any{
		"PreToolUse": []any{map[string]any{"matcher": "Bash", "hooks": []any{map[string]any{"type": "command", "command": "true"}}}},
	}})
}

// writePolicyPack writes hookexec's user config under home with one hook:
// the rules hook of the built-in pack hookexec:default on every Bash call
// (docs/rules.md), evaluated in hookexec's process.
func writePolicyPack(t *testing.T, home string) {
	t.Helper()
	dir := filepath.Join(home, ".config", "hookexec")
	require.NoError(t, os.MkdirAll(dir, 0o700))
	writeJSONFile(t, filepath.Join(dir, "hooks.json"), map[string]any{"hooks": map[string]any{
		"PreToolUse": []any{map[string]any{"matcher": "Bash", "hooks": []any{map[string]any{"type": "rules", "name": "guard", "use": []any{"hookexec:default"}}}}},
	}})
}

// envInt is the positive integer in the variable name, or def when unset.
func envInt(t *testing.T, name string, def int) int {
	t.Helper()
	v := os.Getenv(name)
	if v == "" {
		return def
	}
	n, err := strconv.Atoi(v)
	require.NoError(t, err, name)
	require.Positive(t, n, name)
	return n
}
