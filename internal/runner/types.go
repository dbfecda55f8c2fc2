package runner

import "time"

// Spec is one process to run.
type Spec struct {
	// Argv is the program and its arguments. Argv[0] without a slash is
	// looked up on the PATH of Env (shell form: [shell, "-c", command]).
	Argv []string
	// Program is where Argv[0] was found already (LookProgram); the zero
	// value, or one found for another name or on another PATH, has the
	// spawn look Argv[0] up.
	Program Program
	// Dir is the working directory.
	Dir string
	// Env is the complete environment ("NAME=value"); when a name repeats,
	// the last entry wins. nil means the runner's own environment.
	Env []string
	// Timeout for the hook; 0 means none.
	Timeout time.Duration
	// Stdin is fed to the process, followed by nothing else (the caller
	// includes the trailing newline), then EOF.
	Stdin []byte
	// HTTP, when set, makes the spec an http hook: Stdin is POSTed to
	// HTTP.URL instead of being fed to a process, and Argv, Dir and Env
	// are not used (http.go).
	HTTP *HTTPRequest
	// Budget bounds the output kept of all the specs of one event
	// together (Runner.NewBudget). nil: Run gives the spec a budget of its
	// own; RunAll gives the specs without one a budget shared among them.
	Budget *Budget
}

// Status is how a process ended, as far as the runner knows.
type Status int

const (
	// Exited: the process exited on its own; ExitCode is valid.
	Exited Status = iota
	// Signaled: killed by a signal that the runner did not send.
	Signaled
	// TimedOut: the timeout expired and the group was terminated.
	TimedOut
	// SpawnFailed: the process could not be started; Err says why.
	SpawnFailed
	// Cancelled: the run's context was cancelled while it ran, or before it
	// started (Started is false then).
	Cancelled
	// RequestFailed: an http spec got no response (connection refused,
	// TLS, a broken answer); Err says why.
	RequestFailed
)

func (s Status) String() string {
	switch s {
	case Signaled:
		return "signaled"
	case TimedOut:
		return "timeout"
	case SpawnFailed:
		return "spawn_error"
	case Cancelled:
		return "cancelled"
	case RequestFailed:
		return "request_failed"
	default:
		return "exited"
	}
}

// Result is the raw result of one process.
type Result struct {
	Status   Status
	Started  bool
	ExitCode int    // valid when Status == Exited; -1 when there is no exit code
	Signal   string // "SIGSEGV" ... when the process died of a signal (any status)
	Stdout   []byte
	Stderr   []byte
	// StdoutTruncated / StderrTruncated: more was written than the cap.
	StdoutTruncated bool
	StderrTruncated bool
	// StdoutDropped / StderrDropped: the bytes read past the caps and not
	// kept (what a process wrote after reading stopped is not counted).
	StdoutDropped int64
	StderrDropped int64
	// HTTPStatus is the status code of an http spec's response (Status
	// Exited, ExitCode -1, the body in Stdout); 0 otherwise.
	HTTPStatus int
	// Start is when Run began with the spec (just before the spawn);
	// Duration is measured from it.
	Start    time.Time
	Duration time.Duration
	Err      error // spawn error, or other runner-level problem
}
