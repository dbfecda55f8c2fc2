package background

import (
	"encoding/json"
	"fmt"
	"os"
	"time"

	"github.com/hookexec/hookexec/internal/runner"
)

// Detached starts each background hook under a supervisor process of its
// own that outlives the caller (runner.StartDetached): hookexec run again
// with Args, which runs Supervise on the job it reads from its stdin.
type Detached struct {
	// Path is hookexec's executable ("" = this program's, found at the
	// first Start, so that an event without an async hook never looks);
	// Args its arguments, Args[0] first, the hidden subcommand and its
	// flags after it.
	Path string
	Args []string
	// KillGrace is fire's --kill-grace, passed on to the supervisor.
	KillGrace time.Duration
}

// Start starts the supervisor of spec and hands it the job. It returns
// once the supervisor has the job, without waiting for the hook.
func (d Detached) Start(name string, spec runner.Spec) error {
	data, err := json.Marshal(NewJob(name, spec, d.KillGrace))
	if err != nil {
		return fmt.Errorf("background: encoding the job: %w", err)
	}
	path := d.Path
	if path == "" {
		if path, err = executable(); err != nil {
			return err
		}
	}
	if err := runner.StartDetached(path, d.Args, data); err != nil {
		return fmt.Errorf("background: starting the supervisor: %w", err)
	}
	return nil
}

// executable is this program's path, for Detached.Path.
func executable() (string, error) {
	p, err := os.Executable()
	if err != nil {
		return "", fmt.Errorf("background: finding hookexec's executable: %w", err)
	}
	return p, nil
}

// Verb is the hidden subcommand of hookexec that supervises one background
// hook: it reads the job on its stdin and runs Supervise.
const Verb = "background-hook"

// DetachedWithLogs is fire's Detached: each async hook goes to a
// supervisor of its own, hookexec run again with the caller's --log-file
// and --log-level (its own stderr is the null device, so only a log file
// shows anything). Args[0] is hookexec whatever the file is called, as
// Claude Code and the test binary know it.
func DetachedWithLogs(logFile, logLevel string, killGrace time.Duration) Detached {
	args := []string{"hookexec", Verb}
	if logFile != "" {
		args = append(args, "--log-file", logFile)
	}
	if logLevel != "" {
		args = append(args, "--log-level", logLevel)
	}
	return Detached{Args: args, KillGrace: killGrace}
}
