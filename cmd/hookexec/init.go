package main

import (
	"errors"
	"fmt"
	"slices"
	"strings"

	"github.com/spf13/cobra"

	"github.com/hookexec/hookexec/internal/registry"
	"github.com/hookexec/hookexec/internal/setup"
)

func (a *app) initCommand() *cobra.Command {
	var yes bool
	cmd := &cobra.Command{
		Use:   "init [DIR]",
		Short: "Scaffold a project's .hookexec/ (config with the built-in guard, tests) and trust it",
		Long: `Scaffold hookexec in a project: DIR (default: the working directory, created
if missing) gets

  .hookexec/hooks.json        a config with a "$schema" reference and one hook:
                              the built-in rule pack hookexec:default, which
                              hookexec evaluates in its own process (no shell,
                              no script) on every agent's tool calls. It denies
                              destructive deletes, device overwrites,
                              destructive git, world-writable chmod, a download
                              run by a shell, writes to secrets, changes to the
                              guard itself and commands that cannot be read
                              before they run; it asks for sudo
  .hookexec/tests/guard.json  its cases, for 'hookexec test'
  .gitignore                  the line .hookexec/hooks.local.json

docs/rules.md lists every check of the pack, and how to add rules of your
own or leave checks out. An existing file is never overwritten: it is kept,
reported, and init goes on with the rest. Then init shows the project's
review, as 'hookexec trust' does, and trusts the project: after asking on a
terminal, at once with --yes. Without a terminal and without --yes the
project stays untrusted (exit 0) and init says how to trust it later.`,
		Example: `  hookexec init
  hookexec init --yes && hookexec test`,
		Args: cobra.MaximumNArgs(1),
		RunE: func(cmd *cobra.Command, args []string) error {
			dir := "."
			if len(args) > 0 {
				dir = args[0]
			}
			return a.init(dir, yes)
		},
	}
	cmd.Flags().BoolVarP(&yes, "yes", "y", false, "trust the project without asking (after reviewing what init shows)")
	return cmd
}

func (a *app) init(dir string, yes bool) error {
	// A line that cannot be written stops nothing: init scaffolds and
	// reviews all the same, and returns the first failed write at the end.
	var werr error
	say := func(s string) {
		if werr == nil {
			_, werr = fmt.Fprintln(a.stdout, s)
		}
	}
	res, err := setup.Init(dir)
	werr = res.WriteText(a.stdout)
	if err != nil {
		return err
	}
	if note := res.AboveNote(a.getenv); note != "" {
		say(note)
	}
	say("")
	review, err := registry.ReviewProject(res.Root)
	if err != nil {
		return err
	}
	err = review.TrustAsking(a.getenv, a.stdout, a.stderr, a.style(a.stdout), a.askTrust(yes))
	switch {
	case errors.Is(err, errNoTerminal):
		say("not trusted yet (no terminal to ask on): its hooks do not run, and the agent's tool calls are denied, until you review the files above and run\n    hookexec trust " + res.Root)
		return stdoutError(werr)
	case errors.Is(err, errDeclined):
		say("not trusted: its hooks do not run, and the agent's tool calls are denied, until you run\n    hookexec trust " + res.Root)
		return stdoutError(werr)
	case err != nil:
		return err
	}
	others := slices.DeleteFunc(agentNames(), func(n string) bool { return n == "claude" })
	say("next:\n" +
		"  hookexec test              runs the guard's cases\n" +
		"  hookexec install claude    makes hookexec your agent's hook (or: " + strings.Join(others, ", ") + ")\n" +
		"  hookexec doctor            checks the whole setup")
	return stdoutError(werr)
}
