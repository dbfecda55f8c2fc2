//go:build e2e && unix

// Package cline runs the cline CLI (the pinned npm release) headless
// against a fake chat-completions model, each scenario twice: with the
// policy as Cline's own PreToolUse or PostToolUse hook, and through
// hookexec, whose script in .clinerules/hooks/ runs the same policy as a
// native hookexec policy. It compares what Cline did (make e2e).
package cline

import (
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/hookexec/hookexec/e2e/compare"
	"github.com/hookexec/hookexec/e2e/harness"
)

// deliberate maps a scenario to the facts where hookexec differs from
// Cline on purpose, and why (docs/agents/cline.md lists each).
var deliberate = map[string]compare.Deliberate{
	"PreToolUse exit 2 without JSON": {Facts: []string{"tool ran", "ran.txt", "run"},
		Why: "a policy's exit 2 is a deny behind every agent, so hookexec answers Cline with cancel; Cline alone reads no exit status and runs the tool"},
}

// e2eEnv is what make e2e provides.
type e2eEnv struct {
	bin   string // hookexec
	cline string
	out   string // where the table and the raw evidence go
}

func loadEnv(t *testing.T) e2eEnv {
	t.Helper()
	h := harness.Load(t, "cline")
	return e2eEnv{bin: h.Bin, cline: h.Agent, out: h.Out}
}

// parallel bounds the cline processes running at once (each starts a hub
// daemon of its own; the machines are small and shared).
const parallel = 2

func TestCline(t *testing.T) {
	env := loadEnv(t)
	scenarios := scenarios()
	scenarios = harness.Only(t, scenarios, func(sc scenario) string { return sc.name })
	harness.Comparison[scenario, runResult]{
		Table:      harness.TablePath(env.out, "cline"),
		Parallel:   parallel,
		Modes:      []string{"direct", "through"},
		Scenarios:  scenarios,
		Name:       func(sc scenario) string { return sc.name },
		Deliberate: deliberate,
		Run: func(t *testing.T, sc scenario, mode string) runResult {
			return runCline(t, env, sc, mode)
		},
		Facts: func(t *testing.T, sc scenario, mode string, res runResult) compare.Facts {
			dump(t, filepath.Join(env.out, "cline", harness.Slug(sc.name), mode), res)
			require.NoError(t, res.err, "%s (%s)", sc.name, mode)
			facts := observe(sc, res)
			if mode == "direct" {
				for k, want := range sc.expect {
					assert.Equal(t, want, facts[k], "%s: %s", sc.name, k)
				}
			}
			return facts
		},
	}.Test(t)
}
