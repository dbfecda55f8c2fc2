package main

import (
	"os"

	"github.com/rs/zerolog"
	"github.com/spf13/cobra"

	"github.com/hookexec/hookexec/internal/runner"
)

// keeperVerb is the hidden subcommand that serve's Runner starts once, at
// its first hook, as its keeper (runner.Keeper).
const keeperVerb = "hook-keeper"

// keeperCommand reads which hooks serve runs on stdin; when stdin ends
// (serve exited, or was killed) it terminates those still running. serve
// starts it; it is no user command.
func (a *app) keeperCommand() *cobra.Command {
	return &cobra.Command{
		Use:    keeperVerb,
		Short:  "Terminate serve's hooks if serve is killed (started by serve)",
		Hidden: true,
		Args:   cobra.NoArgs,
		RunE: func(cmd *cobra.Command, args []string) error {
			return runner.Keep(a.stdin)
		},
	}
}

// withKeeper gives serve's runner options a keeper: hookexec itself run
// with keeperVerb. Where the executable cannot be found, serve runs
// without one and says so.
func withKeeper(opts runner.Options, log zerolog.Logger) runner.Options {
	exe, err := os.Executable()
	if err != nil {
		log.Warn().Err(err).Msg("no keeper: hooks running when serve is killed will be left running")
		return opts
	}
	opts.Keeper = &runner.Keeper{
		Path:    exe,
		Argv:    []string{"hookexec", keeperVerb},
		OnError: func(err error) { log.Warn().Err(err).Msg("keeper") },
	}
	return opts
}
