package background

import (
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"time"

	"github.com/hookexec/hookexec/internal/runner"
)

// maxJob bounds what a supervisor reads: the largest event input (64 MiB)
// base64-encoded, and room for the environment.
const maxJob = 96 << 20

// Job is one background hook as the supervisor gets it: the process to run
// and what bounds it.
type Job struct {
	// Name is the hook's name, for the log.
	Name  string   `json:"name"`
	Argv  []string `json:"argv"`
	Dir   string   `json:"dir"`
	Env   []string `json:"env"`
	Stdin []byte   `json:"stdin"`
	// Timeout is the hook's timeout; a job without one is refused, so
	// that no background hook runs unbounded.
	Timeout time.Duration `json:"timeout"`
	// KillGrace is the time between SIGTERM and SIGKILL (runner.NoKillGrace:
	// none; 0: the runner's default).
	KillGrace time.Duration `json:"killGrace"`
}

// NewJob is the job of spec.
func NewJob(name string, spec runner.Spec, killGrace time.Duration) Job {
	return Job{Name: name, Argv: spec.Argv, Dir: spec.Dir, Env: spec.Env, Stdin: spec.Stdin, Timeout: spec.Timeout, KillGrace: killGrace}
}

// Spec is the process spec of the job.
func (j Job) Spec() runner.Spec {
	return runner.Spec{Argv: j.Argv, Dir: j.Dir, Env: j.Env, Stdin: j.Stdin, Timeout: j.Timeout}
}

// ReadJob decodes one job from r and checks it.
func ReadJob(r io.Reader) (Job, error) { return readJob(r, maxJob) }

func readJob(r io.Reader, limit int64) (Job, error) {
	var j Job
	data, err := io.ReadAll(io.LimitReader(r, limit+1))
	switch {
	case err != nil:
		return j, fmt.Errorf("background: reading the job: %w", err)
	case int64(len(data)) > limit:
		return j, fmt.Errorf("background: the job is larger than %d bytes", limit)
	}
	if err := json.Unmarshal(data, &j); err != nil {
		return j, fmt.Errorf("background: decoding the job: %w", err)
	}
	switch {
	case len(j.Argv) == 0 || j.Argv[0] == "":
		return j, errors.New("background: the job has no program to run")
	case j.Timeout <= 0:
		return j, fmt.Errorf("background: the job of hook %q has no timeout; a background hook must be bounded", j.Name)
	}
	return j, nil
}
