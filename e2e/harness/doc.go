// Package harness holds the plumbing every end-to-end suite (make e2e)
// repeats around a real agent run: finding and killing what a run left
// behind. The agent-specific set-up and assertions stay in each suite.
package harness
