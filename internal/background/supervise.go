package background

import (
	"context"
	"io"
	"time"

	"github.com/rs/zerolog"

	"github.com/hookexec/hookexec/internal/runner"
)

// maxOutput is what is kept of each stream of a background hook, for the
// log only: nobody reads its answer.
const maxOutput = 64 << 10

// Supervise is the detached supervisor's work: it reads one Job from r,
// runs it through the runner with its timeout and kill grace, logs how it
// ended and returns. Cancelling ctx (a signal to the supervisor)
// terminates the hook's group as on timeout. It returns an error only for
// a job it could not read.
func Supervise(ctx context.Context, r io.Reader, log zerolog.Logger) error {
	job, err := ReadJob(r)
	if err != nil {
		return err
	}
	run := runner.New(runner.Options{KillGrace: job.KillGrace, MaxOutput: maxOutput})
	logResult(log, job.Name, run.Run(ctx, job.Spec()))
	return nil
}

// logResult logs how a background hook ended, with what it printed: at
// info level when it exited 0, else as a warning. Its answer is never
// read: the log is the only place it shows.
func logResult(log zerolog.Logger, name string, res runner.Result) {
	ev := log.Info()
	if res.Status != runner.Exited || res.ExitCode != 0 {
		ev = log.Warn()
	}
	ev = ev.Str("hook", name).Str("status", res.Status.String()).Int("exitCode", res.ExitCode).
		Dur("duration", res.Duration.Round(time.Millisecond))
	if res.Signal != "" {
		ev = ev.Str("signal", res.Signal)
	}
	if res.Err != nil {
		ev = ev.Err(res.Err)
	}
	if len(res.Stdout) > 0 {
		ev = ev.Bytes("stdout", res.Stdout)
	}
	if len(res.Stderr) > 0 {
		ev = ev.Bytes("stderr", res.Stderr)
	}
	ev.Msg("background hook finished")
}
