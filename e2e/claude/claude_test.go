//go:build e2e

// Package claude runs Claude Code (the pinned npm release) against a fake
// Anthropic Messages API, each scenario twice: with the policies as
// Claude's own hooks, and through hookexec as the README tells users to
// install it. It compares what Claude did (make e2e).
package claude

import (
	"os"
	"path/filepath"
	"sync"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/hookexec/hookexec/e2e/compare"
)

// deliberate maps a scenario to the reason hookexec differs from Claude
// Code there on purpose (the README lists each).
var deliberate = map[string]string{}

// e2eEnv is what make e2e provides.
type e2eEnv struct {
	bin    string // hookexec
	claude string
	out    string // where the table and the raw evidence go
}

func loadEnv(t *testing.T) e2eEnv {
	t.Helper()
	env := e2eEnv{bin: os.Getenv("HOOKEXEC_E2E_BIN"), out: os.Getenv("HOOKEXEC_E2E_OUT")}
	modules := os.Getenv("HOOKEXEC_E2E_NODE_MODULES")
	if env.bin == "" || modules == "" || env.out == "" {
		t.Skip("run with make e2e (HOOKEXEC_E2E_BIN, HOOKEXEC_E2E_NODE_MODULES, HOOKEXEC_E2E_OUT)")
	}
	env.claude = filepath.Join(modules, ".bin", "claude")
	for _, p := range []string{env.bin, env.claude} {
		_, err := os.Stat(p)
		require.NoError(t, err)
	}
	return env
}

// parallel bounds the Claude processes running at once (the machines are
// small and shared).
const parallel = 2

func TestClaude(t *testing.T) {
	env := loadEnv(t)
	scenarios := allScenarios()
	rows := make([]compare.Row, len(scenarios))
	slots := make(chan struct{}, parallel)
	var mu sync.Mutex
	t.Run("scenarios", func(t *testing.T) {
		for i, sc := range scenarios {
			t.Run(sc.name, func(t *testing.T) {
				t.Parallel()
				row := compare.Row{Scenario: sc.name, Deliberate: deliberate[sc.name]}
				for _, mode := range []string{"direct", "through"} {
					slots <- struct{}{}
					res := runClaude(t, env, sc, mode)
					<-slots
					dump(t, filepath.Join(env.out, "claude", sc.slug(), mode), res)
					facts := observe(sc, res, env)
					if mode == "direct" {
						row.Direct = facts
					} else {
						row.Through = facts
					}
				}
				mu.Lock()
				rows[i] = row
				mu.Unlock()
			})
		}
	})
	var done []compare.Row
	for _, r := range rows {
		if r.Scenario != "" {
			done = append(done, r)
		}
	}
	f, err := os.Create(filepath.Join(env.out, "claude.md"))
	require.NoError(t, err)
	require.NoError(t, compare.WriteTable(f, done))
	require.NoError(t, f.Close())
	for _, r := range done {
		if p := r.Problem(); p != "" {
			t.Error(p)
		}
	}
}
