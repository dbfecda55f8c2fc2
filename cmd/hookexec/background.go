package main

import (
	"github.com/spf13/cobra"

	"github.com/hookexec/hookexec/internal/background"
	"github.com/hookexec/hookexec/internal/runner"
)

// backgroundCommand reads a background hook's job on stdin and runs it to
// its end, bounded by its timeout. fire starts it; it is no user command.
// A SIGINT, SIGTERM or SIGHUP terminates the hook as a timeout does.
func (a *app) backgroundCommand() *cobra.Command {
	return &cobra.Command{
		Use:    background.Verb,
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
