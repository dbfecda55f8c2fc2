package aggregator

import "strings"

// failureNotice adds to the verdict's systemMessage a warning for each hook
// that timed out or could not start and so said nothing (a fail-closed one
// already denies with the reason). Without it the agent would hear nothing
// of a policy that never answered: run directly, Claude Code tells its user
// that a hook did not answer in time, and a hook that fails with a message
// reaches the agent as a "Warning: " message already (SPEC §4.6).
func failureNotice(v Verdict) Verdict {
	var notes []string
	for _, h := range v.Hooks {
		if h.Output != nil {
			continue
		}
		switch h.Outcome {
		case Timeout:
			notes = append(notes, "Warning: hook "+h.Name+" did not answer in time ("+strings.TrimPrefix(h.Error, "timed out: ")+")")
		case SpawnError:
			notes = append(notes, "Warning: hook "+h.Name+" could not start: "+h.Error)
		}
	}
	if len(notes) == 0 {
		return v
	}
	if v.SystemMessage != "" {
		notes = append(notes, v.SystemMessage)
	}
	v.SystemMessage = strings.Join(notes, "\n")
	return v
}
