//go:build e2e && unix

// Package codex is the Codex CLI part of the end-to-end suite (make e2e):
// each scenario runs the real codex exec against a fake Responses API on
// 127.0.0.1 (e2e/fakeopenai), once with the policies as Codex's own hooks
// (.codex/hooks.json, trusted by hash) and once through hookexec as
// "hookexec install codex" sets it up (no --dangerously-bypass-hook-trust:
// the install must make its entries trusted), and compares what Codex did.
package codex

import (
	"bytes"
	"os"
	"path/filepath"
	"sync"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/hookexec/hookexec/e2e/compare"
	"github.com/hookexec/hookexec/e2e/harness"
)

// concurrency is how many scenarios run at once (each runs codex twice).
const concurrency = 3

// deliberate maps a scenario to the facts where hookexec differs from Codex
// on purpose, and why (docs/agents/codex.md lists each).
var deliberate = map[string]compare.Deliberate{
	"PreToolUse background child keeps stdout open": {Facts: []string{"tool ran", "model saw", "user saw"},
		Why: "hookexec reads a policy's answer until 250 ms after it exits; Codex waits for every process holding the pipe until the hook's timeout, then runs the tool"},
	`PreToolUse "$CLAUDE_PROJECT_DIR"/policy.sh`: {Facts: []string{"tool ran", "model saw", "user saw", "policies ran"},
		Why: "Codex sets no CLAUDE_PROJECT_DIR, so the command exits 127 and the tool runs; hookexec gives every hook the project directory in it"},
}

type env struct {
	bin   string // the hookexec binary
	codex string // the codex launcher
	out   string // $HOOKEXEC_E2E_OUT/codex/TEST: each run's output and the inputs its policies got
	base  string // scratch root: per-run HOME, CODEX_HOME and project
}

func TestCodex(t *testing.T) {
	e := setup(t)
	all := scenarios()
	rows := make([]compare.Row, len(all))
	slots := make(chan struct{}, concurrency)
	var mu sync.Mutex
	t.Run("scenarios", func(t *testing.T) {
		for i, s := range all {
			t.Run(s.name, func(t *testing.T) {
				t.Parallel()
				slots <- struct{}{}
				defer func() { <-slots }()
				row := compare.Row{Scenario: s.name, Deliberate: deliberate[s.name]}
				row.Direct = e.run(t, s, "direct")
				row.Through = e.run(t, s, "through")
				mu.Lock()
				rows[i] = row
				mu.Unlock()
				if p := row.Problem(); p != "" {
					t.Error(p)
				}
			})
		}
	})
	var done []compare.Row
	for _, r := range rows {
		if r.Scenario != "" {
			done = append(done, r)
		}
	}
	var b bytes.Buffer
	require.NoError(t, compare.WriteTable(&b, done))
	table := filepath.Join(filepath.Dir(filepath.Dir(e.out)), "codex.md")
	require.NoError(t, os.WriteFile(table, b.Bytes(), 0o644))
	t.Logf("comparison table: %s", table)
}

func setup(t *testing.T) env {
	t.Helper()
	h := harness.Load(t, "codex")
	e := env{bin: h.Bin, codex: h.Agent, out: h.Out}
	e.out = filepath.Join(e.out, "codex", t.Name())
	require.NoError(t, os.RemoveAll(e.out))
	require.NoError(t, os.MkdirAll(e.out, 0o755))
	// Codex warns on every start about a CODEX_HOME under /tmp; /var/tmp
	// draws no warning (HOOKEXEC_E2E_TMP moves it).
	parent := os.Getenv("HOOKEXEC_E2E_TMP")
	if parent == "" {
		parent = "/var/tmp"
	}
	base, err := os.MkdirTemp(parent, "hookexec-e2e-codex-")
	require.NoError(t, err)
	t.Cleanup(func() { _ = os.RemoveAll(base) })
	e.base = base
	return e
}
