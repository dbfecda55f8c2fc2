package main

import (
	"time"

	"github.com/spf13/cobra"

	"github.com/hookexec/hookexec/internal/background"
	"github.com/hookexec/hookexec/internal/engine"
	"github.com/hookexec/hookexec/internal/runner"
)

// backgroundVerb is the hidden subcommand that supervises one background
// hook (internal/background).
const backgroundVerb = "background-hook"

// backgroundCommand reads a background hook's job on stdin and runs it to
// its end, bounded by its timeout. fire starts it; it is no user command.
// A SIGINT, SIGTERM or SIGHUP terminates the hook as a timeout does.
func (a *app) backgroundCommand() *cobra.Command {
	return &cobra.Command{
		Use:    backgroundVerb,
		Short:  "Supervise one background hook (started by fire)",
		Hidden: true,
		Args:   cobra.NoArgs,
		RunE: func(cmd *cobra.Command, args []string) error {
			log, err := a.logger()
			if err != nil {
				return err
			}
			ctx, stop := runner.WatchSignals(nil, runner.Interrupts()...)
			defer stop()
			return background.Supervise(ctx, a.stdin, log)
		},
	}
}

// detachedStarter is fire's engine.Background: each async hook goes to a
// supervisor of its own, hookexec run again with this run's logging
// flags (its own stderr is the null device, so only --log-file shows
// anything). Named hookexec whatever the file is called, as Claude Code
// and the test binary know it.
func (a *app) detachedStarter(killGrace time.Duration) engine.Background {
	args := []string{"hookexec", backgroundVerb}
	if a.logFile != "" {
		args = append(args, "--log-file", a.logFile)
	}
	if a.logLevel != "" {
		args = append(args, "--log-level", a.logLevel)
	}
	return background.Detached{Args: args, KillGrace: killGrace}
}
