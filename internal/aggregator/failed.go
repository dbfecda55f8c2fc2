package aggregator

// Failed lists the hooks that failed as Gemini CLI counts a failure: an
// error, a timeout or a hook that could not start, and a gemini-dialect
// hook that exited with any status but 0 (exit 2 included, which Gemini
// reads as a block and reports as a failed hook all the same). A native or
// claude-dialect hook that blocks with exit 2 did what it meant to.
//
// Under --format gemini, fire exits 1 when this is not empty, so that
// Gemini CLI warns "Hook(s) [...] failed" as it does for its own hooks; it
// reads the printed JSON whatever the exit status.
func (v Verdict) Failed() []string {
	var names []string
	for _, h := range v.Hooks {
		switch {
		case h.Outcome == Error || h.Outcome == Timeout || h.Outcome == SpawnError,
			h.Dialect == "gemini" && h.ExitCode != nil && *h.ExitCode != 0:
			names = append(names, h.Name)
		}
	}
	return names
}
