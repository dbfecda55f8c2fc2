//go:build e2e && unix

// Package qwen runs Qwen Code (the pinned npm release) headless against a
// fake chat-completions model, each scenario twice: with the policies as
// Qwen's own hooks, and through hookexec as hookexec install qwen sets it
// up. It compares what Qwen did (make e2e).
package qwen

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/assert"

	"github.com/hookexec/hookexec/e2e/compare"
	"github.com/hookexec/hookexec/e2e/harness"
)

// deliberate maps a scenario to the facts where hookexec differs from
// Qwen Code on purpose, and why (docs/agents/qwen.md lists each). Every
// other fact must agree.
var deliberate = map[string]compare.Deliberate{
	"PreToolUse exit 2 with no output": {Facts: []string{"tool ran", "tool result"},
		Why: "exit 2 always blocks through hookexec, with a reason saying the policy wrote nothing on stderr; Qwen Code alone takes exit 2 with an empty stderr as no answer and runs the tool"},
}

// e2eEnv is what make e2e provides.
type e2eEnv struct {
	bin  string // hookexec
	qwen string
	out  string // where the table and the raw evidence go
}

func loadEnv(t *testing.T) e2eEnv {
	t.Helper()
	h := harness.Load(t, "qwen")
	return e2eEnv{bin: h.Bin, qwen: h.Agent, out: h.Out}
}

// parallel bounds the qwen processes running at once (the machines are
// small and shared).
const parallel = 3

func TestQwen(t *testing.T) {
	env := loadEnv(t)
	scenarios := scenarios()
	scenarios = harness.Only(t, scenarios, func(sc scenario) string { return sc.name })
	harness.Comparison[scenario, runResult]{
		Table:      harness.TablePath(env.out, "qwen"),
		Parallel:   parallel,
		Modes:      harness.Modes(os.Getenv),
		Scenarios:  scenarios,
		Name:       func(sc scenario) string { return sc.name },
		Deliberate: deliberate,
		Run: func(t *testing.T, sc scenario, mode string) runResult {
			return runQwen(t, env, sc, mode)
		},
		Facts: func(t *testing.T, sc scenario, mode string, res runResult) compare.Facts {
			dump(t, filepath.Join(env.out, "qwen", harness.Slug(sc.name), mode), res)
			facts := observe(res)
			if mode == "direct" {
				for k, want := range sc.expect {
					assert.Equal(t, want, facts[k], "%s: %s", sc.name, k)
				}
			}
			return facts
		},
	}.Test(t)
}
