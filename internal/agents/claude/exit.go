package claude

import "github.com/hookexec/hookexec/internal/verdict"

// BlockedByExit2 reports whether a claude-dialect hook blocked with exit
// status 2. Under --format claude fire then exits 2 with its JSON: Claude
// Code reads a hook's JSON on exit 2 as on 0, and records the hook as
// having blocked with an error, as it would the policy run directly.
func BlockedByExit2(v verdict.Verdict) bool {
	for _, h := range v.Hooks {
		if h.Dialect == Name && h.Outcome == verdict.Blocked && h.ExitCode != nil && *h.ExitCode == 2 {
			return true
		}
	}
	return false
}
