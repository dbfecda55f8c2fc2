package gemini

import "github.com/hookexec/hookexec/internal/verdict"

// Failed lists the hooks that failed as Gemini CLI counts a failure: an
// error, a timeout or a hook that could not start, and a gemini-dialect
// hook that exited with any status but 0 (exit 2 included, which Gemini
// reads as a block and reports as a failed hook all the same). A native or
// claude-dialect hook that blocks with exit 2 did what it meant to.
//
// Under --format gemini fire exits 1 when this is not empty, so that
// Gemini CLI records a failed hook as it does for its own ("Hook(s) [...]
// failed"), and reads the printed JSON all the same (make e2e: a deny
// printed before exit 1 blocks). Under --format claude the status stays 0
// and the claude format names the hooks in its answer instead: with "onFailure": "block" on
// hookexec's entry, Claude Code would block on exit 1.
func Failed(v verdict.Verdict) []string {
	var names []string
	for _, h := range v.Hooks {
		switch {
		case h.Outcome == verdict.Error || h.Outcome == verdict.Timeout || h.Outcome == verdict.SpawnError,
			h.Dialect == Name && h.ExitCode != nil && *h.ExitCode != 0:
			names = append(names, h.Name)
		}
	}
	return names
}
