package harness

import (
	"os"
	"path/filepath"
	"sync"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/hookexec/hookexec/e2e/compare"
)

// Comparison runs every scenario of a suite in every mode, compares the
// facts of "direct" with those of the other mode and writes the table.
type Comparison[S, R any] struct {
	Table      string // the table's file: OUT/AGENT.md
	Parallel   int    // agent runs at once (the machines are small and shared)
	Modes      []string
	Scenarios  []S
	Name       func(S) string
	Deliberate map[string]compare.Deliberate
	// Run runs the agent once; at most Parallel Runs run at once.
	Run func(t *testing.T, sc S, mode string) R
	// Facts keeps the evidence of a run, checks it and returns its facts.
	Facts func(t *testing.T, sc S, mode string, res R) compare.Facts
}

// Test runs the scenarios as parallel subtests of "scenarios", writes the
// table of those that finished, and, when at least two modes ran, fails
// for every fact the modes disagree on that is not deliberate.
func (c Comparison[S, R]) Test(t *testing.T) {
	t.Helper()
	rows := make([]compare.Row, len(c.Scenarios))
	slots := make(chan struct{}, c.Parallel)
	var mu sync.Mutex
	t.Run("scenarios", func(t *testing.T) {
		for i, sc := range c.Scenarios {
			name := c.Name(sc)
			t.Run(name, func(t *testing.T) {
				t.Parallel()
				row := compare.Row{Scenario: name, Deliberate: c.Deliberate[name]}
				for _, mode := range c.Modes {
					slots <- struct{}{}
					res := c.Run(t, sc, mode)
					<-slots
					facts := c.Facts(t, sc, mode, res)
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
	f, err := os.Create(c.Table)
	require.NoError(t, err)
	require.NoError(t, compare.WriteTable(f, done))
	require.NoError(t, f.Close())
	if len(c.Modes) < 2 {
		return // nothing to compare
	}
	for _, r := range done {
		if p := r.Problem(); p != "" {
			t.Error(p)
		}
	}
}

// TablePath is where a suite's table goes: OUT/AGENT.md.
func TablePath(out, agent string) string { return filepath.Join(out, agent+".md") }
