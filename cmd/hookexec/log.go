package main

import (
	"context"
	"fmt"
	"io"
	"os"
	"os/signal"
	"syscall"
	"time"

	"github.com/spf13/cobra"

	"github.com/hookexec/hookexec/internal/audit"
)

// logFlags are log's flags; the filters are why's too.
type logFlags struct {
	audit.Filter
	n      int
	json   bool
	follow bool
}

func (a *app) logCommand() *cobra.Command {
	var f logFlags
	cmd := &cobra.Command{
		Use:   "log",
		Short: "Show what hookexec decided: the decision log, one line per fired event",
		Long: `Show the decision log that fire and serve write (one JSON line per event,
under the user's state directory, or at $HOOKEXEC_AUDIT_FILE): the last 20
records, oldest first, one line each: the id (what 'hookexec why ID'
takes), the local time, the agent, the event, the tool, the decision
(BLOCKED, deny, allow, ask, error, or - when no hook decided), the input's
summary and, for a blocked or denied event, the policy that decided (its
name or command, file:line) and its reason. Every field is cut to fit one
line.

The filters combine: --blocked keeps blocked and denied events;
--guard-off keeps the events where a guard was off: a hook hookexec was
given did not run (project files not trusted or changed since, a held
hook, a file or entry skipped, an unknown event, a config error), whether
the event was denied for it or let through by --untrusted skip; --since
keeps the records from a duration ago (90m, 2h, 3d) or from a time (RFC
3339, or a date: its local midnight); --project keeps a project's records
(and those of projects under it; '.' is the project of the working
directory, found as fire finds it); --agent and --event keep one agent's
or one event's (any of the event's names).

--json prints the matching records as the log stores them, one JSON line
each. -f follows the log: after the last records, each new matching one as
it is written (the log is read every 250 ms, across rotations), until
interrupted.

Lines that cannot be read (malformed, over 1 MiB, of another record
version) are skipped and counted in one warning on stderr. An empty or
missing log is said on stderr, with where the log is and whether it is off.

Exit status: 0 (an empty log included), 1 on a usage error or a log that
cannot be read (a link or a FIFO at its path is refused).`,
		Example: `  hookexec log
  hookexec log --blocked --since 1h
  hookexec log --guard-off --since 1d
  hookexec log --project . --agent claude -n 0 --json
  hookexec log -f --blocked`,
		Args: cobra.NoArgs,
		RunE: func(cmd *cobra.Command, _ []string) error {
			return a.log(f)
		},
	}
	fl := cmd.Flags()
	fl.IntVarP(&f.n, "lines", "n", 20, "show the last N matching records (0: all)")
	fl.BoolVar(&f.json, "json", false, "print the matching records as JSON lines, as stored")
	fl.BoolVarP(&f.follow, "follow", "f", false, "keep printing new matching records until interrupted")
	filterFlags(cmd, &f.Filter, true)
	return cmd
}

// filterFlags registers the filters; log has all, why those that narrow
// "the last blocked event".
func filterFlags(cmd *cobra.Command, f *audit.Filter, all bool) {
	fl := cmd.Flags()
	if all {
		fl.BoolVar(&f.Blocked, "blocked", false, "only blocked or denied events")
		fl.BoolVar(&f.GuardOff, "guard-off", false, "only events where a hook hookexec was given did not run (untrusted or changed project files, held hooks, skipped files or entries, an unknown event, a config error)")
		fl.StringVar(&f.Since, "since", "", "only records since a duration ago (90m, 2h, 3d) or a time (2006-01-02, RFC 3339)")
		fl.StringVar(&f.Event, "event", "", "only this event's records (any of its names)")
	}
	fl.StringVar(&f.Project, "project", "", "only this project's records, or those under it ('.': the current project)")
	fl.StringVar(&f.Agent, "agent", "", "only this agent's records")
}

func (a *app) log(f logFlags) error {
	if f.n < 0 {
		return fmt.Errorf("invalid -n %d (want a number of records, or 0 for all)", f.n)
	}
	q, err := f.Query(a.getenv, time.Now())
	if err != nil {
		return err
	}
	l, err := audit.Locate(a.getenv)
	if err != nil {
		return err
	}
	lines := &audit.Lines{W: a.stdout, Paint: a.paint(a.stdout)}
	write := func(es []audit.Entry) error {
		if !f.json {
			return stdoutError(lines.Write(es))
		}
		for _, e := range es {
			if _, err := a.stdout.Write(append(e.Line, '\n')); err != nil {
				return stdoutError(err)
			}
		}
		return nil
	}
	if f.follow {
		ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
		defer stop()
		return l.Follow(ctx, q, f.n, audit.FollowInterval, write, a.logStatus(l))
	}
	entries, st, err := l.Tail(q, f.n)
	if err != nil {
		return err
	}
	a.logStatus(l)(st)
	if len(entries) == 0 && st.Records > 0 {
		fmt.Fprintf(a.stderr, "hookexec: no record matches these filters (%d in the decision log)\n", st.Records)
	}
	return write(entries)
}

// logStatus says on stderr what reading the log found that is not a
// record: an empty log (where it is, whether it is off), skipped lines.
func (a *app) logStatus(l audit.Files) func(audit.Stats) {
	first := true
	return func(st audit.Stats) {
		if first && st.Records == 0 {
			fmt.Fprintln(a.stderr, "hookexec: "+l.Empty())
		}
		first = false
		if st.Skipped() > 0 {
			fmt.Fprintf(a.stderr, "hookexec: warning: decision log: %s\n", st)
		}
	}
}

// paint is how log and why colour a decision written to w (a.style:
// --color, a terminal, NO_COLOR): blocked red, allowed green, ask yellow.
func (a *app) paint(w io.Writer) audit.Paint {
	st := a.style(w)
	if !st.On() {
		return nil
	}
	return func(t audit.Tone, text string) string {
		switch t {
		case audit.ToneStop:
			return st.Fail(text)
		case audit.ToneGo:
			return st.OK(text)
		case audit.ToneWarn:
			return st.Warn(text)
		}
		return text
	}
}
