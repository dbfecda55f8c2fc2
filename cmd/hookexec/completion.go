package main

import (
	"fmt"
	"strings"

	"github.com/spf13/cobra"

	"github.com/hookexec/hookexec/internal/agents"
	"github.com/hookexec/hookexec/internal/event"
)

// completionShells are the shells cobra's completion command writes
// scripts for.
var completionShells = []string{"bash", "zsh", "fish", "powershell"}

// setUpCompletion adds cobra's completion command now, rather than when
// the root command runs, so that an unsupported shell (completion tcsh) is
// an error instead of the help and exit 0, and completes the value of
// every flag that takes one of a fixed set of values; --project-dir and
// the DIR of trust, untrust and init complete directories. Other flags complete file names, cobra's default.
func setUpCompletion(root *cobra.Command) {
	root.InitDefaultCompletionCmd()
	for _, c := range root.Commands() {
		if c.Name() != "completion" {
			continue
		}
		c.Args = cobra.ArbitraryArgs
		c.RunE = func(cmd *cobra.Command, args []string) error {
			if len(args) == 0 {
				return fmt.Errorf("completion needs a shell: %s", strings.Join(completionShells, ", "))
			}
			return fmt.Errorf("unsupported shell %q (supported: %s)", args[0], strings.Join(completionShells, ", "))
		}
	}
	completeValues(root, "log-level", "trace", "debug", "info", "warn", "error")
	for _, c := range root.Commands() {
		switch c.Name() {
		case "fire":
			completeValues(c, "format", append([]string{"result"}, agents.Formats()...)...)
			completeValues(c, "untrusted", "skip", "deny")
		case "plan", "validate", "doctor":
			completeValues(c, "format", "text", "json")
		}
		completeValues(c, "dialect", append([]string{"native"}, agents.Names()...)...)
		switch c.Name() {
		case "trust", "untrust", "init":
			// [DIR]
			c.ValidArgsFunction = func(*cobra.Command, []string, string) ([]string, cobra.ShellCompDirective) {
				return nil, cobra.ShellCompDirectiveFilterDirs
			}
		}
		if c.Flags().Lookup("project-dir") != nil {
			_ = c.MarkFlagDirname("project-dir")
		}
	}
}

// completeValues completes flag's values on c with values, if c has the
// flag and no completion for it yet.
func completeValues(c *cobra.Command, flag string, values ...string) {
	if c.Flags().Lookup(flag) == nil && c.PersistentFlags().Lookup(flag) == nil {
		return
	}
	if _, ok := c.GetFlagCompletionFunc(flag); ok {
		return
	}
	_ = c.RegisterFlagCompletionFunc(flag, cobra.FixedCompletions(values, cobra.ShellCompDirectiveNoFileComp))
}

// eventArg is the argument rule of fire and plan: exactly one EVENT; none
// is an error that lists the events.
func eventArg(cmd *cobra.Command, args []string) error {
	if len(args) == 0 {
		return fmt.Errorf("%s needs an EVENT: %s", cmd.Name(), eventList())
	}
	return cobra.ExactArgs(1)(cmd, args)
}

// eventList is every event, its Claude Code name in parentheses where it
// differs: "BeforeTool (PreToolUse), AfterTool (PostToolUse), ...".
func eventList() string {
	var parts []string
	for _, e := range event.All() {
		if e.Claude != "" && e.Claude != e.Name {
			parts = append(parts, e.Name+" ("+e.Claude+")")
		} else {
			parts = append(parts, e.Name)
		}
	}
	return "events (Claude Code names in parentheses): " + strings.Join(parts, ", ")
}
