package main

import (
	"fmt"
	"os"
	"strings"

	"github.com/spf13/cobra"

	"github.com/hookexec/hookexec/internal/agents"
	"github.com/hookexec/hookexec/internal/engine"
)

// planFlags are plan's flags (SPEC §7): fire's config and input options,
// and the fire flags that change the plan.
type planFlags struct {
	configFlags
	format     string
	timeout    string
	sequential bool
	failClosed bool
}

func (a *app) planCommand() *cobra.Command {
	var f planFlags
	cmd := &cobra.Command{
		Use:   "plan EVENT",
		Short: "Show which hooks fire would run for an event, in order, without running them",
		Long: `Show the plan fire would run for EVENT, without running anything: each hook
in plan order with its source, file, dialect, event key, matcher (and how it
was read), "if" rule and why it matched, shell, timeout and fail-closed
policy; the run mode; then the hooks that do not run (no match, "if" rule not
matched, disabled, duplicate) and why, and the config warnings.

The event JSON (stdin or --input) supplies the value matchers are tested
against (tool_name, source, ...) and the tool call "if" rules are tested
against (tool_input, cwd). When stdin is a terminal and --input is not
given, the input is {}.

Exit status: 0, or 1 on a usage, config or input error.`,
		Example: `  hookexec plan BeforeTool <<< '{"tool_name": "Bash"}'
  hookexec plan PreToolUse --config .claude/settings.json --format json`,
		Args:              eventArg,
		ValidArgsFunction: eventCompletion,
		RunE: func(cmd *cobra.Command, args []string) error {
			return a.plan(args[0], f)
		},
	}
	fl := cmd.Flags()
	f.register(fl)
	fl.StringVar(&f.format, "format", "text", "output format: text or json")
	fl.StringVar(&f.timeout, "timeout", "", "as fire's --timeout: the timeout of hooks that set none")
	fl.BoolVar(&f.sequential, "sequential", false, "as fire's --sequential: plan a sequential run")
	fl.BoolVar(&f.failClosed, "fail-closed", false, "as fire's --fail-closed: every hook fails closed")
	return cmd
}

func (a *app) plan(name string, f planFlags) error {
	fired, err := agents.LookupEvent(name)
	if err != nil {
		return err
	}
	if f.format != "text" && f.format != "json" {
		return fmt.Errorf("invalid --format %q (supported: text, json)", f.format)
	}
	req := a.request(f.configFlags, fired)
	req.Sequential, req.FailClosed = f.sequential, f.failClosed
	if f.timeout != "" {
		if req.Timeout, err = timeoutFlag.Parse(f.timeout); err != nil {
			return err
		}
		// plan's stderr is free for it (fire's is not: SPEC §6).
		if w := timeoutFlag.ShortBareWarning(f.timeout, req.Timeout); w != "" {
			fmt.Fprintln(a.stderr, "hookexec: warning: "+w)
		}
	}
	if f.input == "" && stdinIsTerminal(a.stdin) {
		// Nothing to read: don't wait for a user to type an event.
		req.Input = engine.InputFrom(strings.NewReader(""), "")
	}
	view, err := engine.Plan(req)
	if err != nil {
		return err
	}
	if f.format == "json" {
		return writeJSON(a.stdout, view)
	}
	return view.WriteText(a.stdout)
}

// stdinIsTerminal reports whether r is a terminal (an interactive stdin).
func stdinIsTerminal(r any) bool {
	f, ok := r.(*os.File)
	return ok && isTerminal(f)
}
