package audit

import (
	"github.com/rs/zerolog"

	"github.com/hookexec/hookexec/internal/engine"
	"github.com/hookexec/hookexec/internal/registry"
)

// Append writes the record of a finished request (FromResult) to the log
// of the environment getenv reads, the user's own (never a request's
// project). Nothing it does changes the answer: it is called after the
// verdict is written, and what goes wrong (no state directory, a full
// disk, a link or a FIFO where the file goes, a log inside the project)
// is a warning in log, nothing more.
func Append(getenv func(string) string, log zerolog.Logger, req engine.Request, res engine.Result, via string) {
	if res.ProjectDir != "" {
		// Where the user's state directory is, read as fire reads the
		// user's configs: an XDG_STATE_HOME inside the project, set by
		// the repository through the agent, is ignored (SafeEnv).
		getenv, _ = registry.SafeEnv(getenv, res.ProjectDir)
	}
	l, warnings := Open(getenv)
	for _, w := range warnings {
		log.Warn().Msg(w)
	}
	if l == nil {
		return
	}
	if err := l.Append(FromResult(req, res, via), res.ProjectDir); err != nil {
		log.Warn().Err(err).Msg("decision log: record not written")
	}
}
