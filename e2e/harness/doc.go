// Package harness holds the plumbing every end-to-end suite (make e2e)
// repeated around a real agent: reading what make e2e provides (Load,
// Modes, Only, Slug), running the agent in its own process group and
// capturing what it left (Run, KillMarked), running the scenarios in both
// modes into the comparison table (Comparison), and the quartiles of a
// timed sample (Quartile). The agent-specific set-up, evidence and
// assertions stay in each suite.
package harness
