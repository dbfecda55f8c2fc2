package main

import (
	"errors"
	"fmt"
	"io"
	"time"

	"github.com/spf13/cobra"

	"github.com/hookexec/hookexec/internal/audit"
)

// whyFlags are why's flags.
type whyFlags struct {
	audit.Filter
	json bool
}

func (a *app) whyCommand() *cobra.Command {
	var f whyFlags
	cmd := &cobra.Command{
		Use:   "why [ID]",
		Short: "Explain the last blocked event: which policy decided, how it matched, what it printed",
		Long: `Explain one record of the decision log: by default the last blocked or
denied event (--project and --agent narrow which is "the last"), or the
record whose id starts with ID (the first column of 'hookexec log').

It says when and where the event happened (project, agent, event, tool,
input summary), the verdict (decision and reason), which policy decided
(its name, command, file:line and source), how it matched (the event, its
matcher and the tool that matched it, or that it has no matcher and so
takes every tool, its "if" rule), what it printed (excerpts of stdout and
stderr, marked when cut), how it ended (exit status, signal, outcome),
then the hooks that failed or timed out, the warnings, and what to do next.

--json prints the record as the log stores it.

Exit status: 0 when a record is explained, and when the log holds no
blocked event (said on stdout); 1 when ID matches no record or more than
one, on a usage error, or when the log cannot be read.`,
		Example: `  hookexec why
  hookexec why --project . --agent claude
  hookexec why 3b8d0e4f --json`,
		Args: cobra.MaximumNArgs(1),
		RunE: func(cmd *cobra.Command, args []string) error {
			id := ""
			if len(args) > 0 {
				id = args[0]
				if id == "" {
					return errors.New("invalid ID \"\": give the start of a record's id (the first column of 'hookexec log')")
				}
			}
			return a.why(id, f)
		},
	}
	cmd.Flags().BoolVar(&f.json, "json", false, "print the record as the log stores it (one JSON line)")
	filterFlags(cmd, &f.Filter, false)
	return cmd
}

func (a *app) why(id string, f whyFlags) error {
	q, err := f.Query(a.getenv, time.Now())
	if err != nil {
		return err
	}
	l, err := audit.Locate(a.getenv)
	if err != nil {
		return err
	}
	e, st, err := l.Pick(q, id)
	a.logStatus(l)(st)
	if errors.Is(err, audit.ErrNoBlock) {
		msg := fmt.Sprintf("%s (%s)", err, l.Current)
		if f.Project != "" || f.Agent != "" {
			msg = fmt.Sprintf("no blocked or denied event matching --project/--agent in the decision log (%s)", l.Current)
		}
		if f.json {
			// stdout stays JSON (none): the message goes to stderr.
			fmt.Fprintln(a.stderr, "hookexec: "+msg)
			return nil
		}
		_, err := fmt.Fprintln(a.stdout, msg)
		return stdoutError(err)
	}
	if err != nil {
		return err
	}
	if f.json {
		_, err = io.WriteString(a.stdout, string(e.Line)+"\n")
	} else {
		err = audit.WriteWhy(a.stdout, e, a.paint(a.stdout))
	}
	return stdoutError(err)
}
