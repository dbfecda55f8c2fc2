package aggregator

// Meta describes the hook a result belongs to; it is copied into the report.
type Meta struct {
	Name     string // the hook's name, else its command
	Command  string
	Source   string
	File     string
	EventKey string // the key the hook was registered under
	Dialect  string // "native", "claude", "gemini", "llxprt"
	// FailClosed: the hook's, its file's or --fail-closed.
	FailClosed bool
	// FailClosedByFlag: only --fail-closed makes the hook fail closed (not
	// its own onFailure or failClosed, nor its file's).
	FailClosedByFlag bool
	// HTTP: the hook is an http hook; its result is a response
	// (runner.Result.HTTPStatus) or RequestFailed (interpret_http.go).
	HTTP bool
	// Project: the hook is from a project file (the project's own or one
	// of its extensions), not one of the user's (GuardRewrites).
	Project bool
}
