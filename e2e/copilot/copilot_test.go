//go:build e2e && unix

// Package copilot runs GitHub Copilot CLI (the pinned npm release) with
// copilot -p against the fake chat-completions model (e2e/fakeopenai),
// each scenario twice: with the policies as Copilot's own hooks, and
// through hookexec as 'hookexec install copilot' sets it up. It compares
// what Copilot did (make e2e).
package copilot

import (
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/hookexec/hookexec/e2e/compare"
	"github.com/hookexec/hookexec/e2e/harness"
)

// deliberate maps a scenario to the facts where hookexec differs from
// Copilot CLI on purpose, and why (docs/agents/copilot.md lists each).
// Every other fact must agree.
var deliberate = map[string]compare.Deliberate{
	"preToolUse timeout": {Facts: []string{"tool ran", "model saw"},
		Why: "Copilot lets the tool run when a preToolUse hook times out; hookexec fails closed and denies the call, naming the policy that did not answer"},
	"preToolUse exit 2 deny": {Facts: []string{"model saw"},
		Why: "Copilot tells its model only that the hook exited with code 2; through hookexec the model reads the policy's stderr as the deny reason"},
	"postToolUse exit 1 failure": {Facts: []string{"warnings"},
		Why: "Copilot skips a failed postToolUse hook in silence; hookexec tells the user which policy failed, as a warning Copilot shows (exit 2 with the answer read all the same)"},
	"preToolUse exit 1 failure": {Facts: []string{"model saw"},
		Why: "both deny (Copilot fails closed on a preToolUse hook that errors); through hookexec the model reads which policy failed instead of 'hook errored'"},
}

// e2eEnv is what make e2e provides.
type e2eEnv struct {
	bin     string // hookexec
	copilot string
	out     string // where the table and the raw evidence go
	cache   string // Copilot's unpacked package, shared by the runs
}

func loadEnv(t *testing.T) e2eEnv {
	t.Helper()
	h := harness.Load(t, "copilot")
	env := e2eEnv{bin: h.Bin, copilot: h.Agent, out: h.Out}
	env.cache = t.TempDir()
	return env
}

// parallel bounds the Copilot processes running at once (the machines
// are small and shared).
const parallel = 3

func TestCopilot(t *testing.T) {
	env := loadEnv(t)
	all := scenarios()
	harness.Comparison[scenario, runResult]{
		Table:      harness.TablePath(env.out, "copilot"),
		Parallel:   parallel,
		Modes:      harness.Modes(os.Getenv),
		Scenarios:  all,
		Name:       func(sc scenario) string { return sc.name },
		Deliberate: deliberate,
		Run: func(t *testing.T, sc scenario, mode string) runResult {
			return runCopilot(t, env, sc, mode)
		},
		Facts: func(t *testing.T, sc scenario, mode string, res runResult) compare.Facts {
			dump(t, filepath.Join(env.out, "copilot", sc.slug(), mode), res)
			facts := observe(sc, res)
			return facts
		},
	}.Test(t)
}

// dump writes the raw evidence of a run to dir: Copilot's output, what
// install printed, every model request and what each policy got.
func dump(t *testing.T, dir string, res runResult) {
	t.Helper()
	require.NoError(t, os.MkdirAll(dir, 0o755))
	require.NoError(t, os.WriteFile(filepath.Join(dir, "stdout.jsonl"), res.stdout, 0o644))
	require.NoError(t, os.WriteFile(filepath.Join(dir, "stderr.txt"), res.stderr, 0o644))
	require.NoError(t, os.WriteFile(filepath.Join(dir, "install.txt"), []byte(res.setup), 0o644))
	for i, r := range res.all {
		b, err := json.MarshalIndent(r, "", "  ")
		require.NoError(t, err)
		require.NoError(t, os.WriteFile(filepath.Join(dir, fmt.Sprintf("request-%02d.json", i+1)), b, 0o644))
	}
	inputs, _ := filepath.Glob(filepath.Join(res.project, ranDir, "*.json"))
	for _, in := range inputs {
		b, err := os.ReadFile(in)
		require.NoError(t, err)
		require.NoError(t, os.WriteFile(filepath.Join(dir, "policy-"+filepath.Base(in)), b, 0o644))
	}
}
