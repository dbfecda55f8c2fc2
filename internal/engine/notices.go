package engine

import (
	"github.com/hookexec/hookexec/internal/dirs"
	"github.com/hookexec/hookexec/internal/event"
	"github.com/hookexec/hookexec/internal/notices"
	"github.com/hookexec/hookexec/internal/registry"
	"github.com/hookexec/hookexec/internal/verdict"
)

// NoticeLog is the memory of the agent session the input belongs to, which
// tells the session's user once of hooks hookexec left out;
// nil for the result format or an input that was never read.
func NoticeLog(getenv func(string) string, f verdict.Format, in *event.Input) verdict.NoticeLog {
	return NoticeLogIn(getenv, f, in, "")
}

// NoticeLogIn is NoticeLog with the project directory of the input already
// resolved with getenv and no --project-dir (Result.ProjectDir; serve
// answers many events and finds it once per event): "" finds it. The log
// is placed when a notice is first asked about, which only an answer
// telling of hooks left out does.
func NoticeLogIn(getenv func(string) string, f verdict.Format, in *event.Input, project string) verdict.NoticeLog {
	if f == verdict.FormatResult || in == nil {
		return nil
	}
	return &lazyNotices{open: func() verdict.NoticeLog {
		// Where the memory lives is read as fire's configs are (SafeEnv):
		// an XDG_STATE_HOME inside the project, set by the repository
		// through the agent, could otherwise hold markers that silence
		// every notice.
		if project == "" {
			cwd, _ := in.String("cwd")
			project, _ = dirs.ProjectRoot("", getenv, cwd)
		}
		getenv := getenv
		if project != "" {
			getenv, _ = registry.SafeEnv(getenv, project)
		}
		return notices.ForInput(getenv, in)
	}}
}

// lazyNotices is a notice log opened on its first use (one goroutine's:
// the answer's rendering).
type lazyNotices struct {
	open func() verdict.NoticeLog
	log  verdict.NoticeLog
}

func (l *lazyNotices) Given(notice string) bool {
	if l.log == nil {
		l.log = l.open()
	}
	return l.log.Given(notice)
}
