package main

import (
	"fmt"
	"os"

	"github.com/spf13/cobra"

	"github.com/hookexec/hookexec/internal/agents"
	"github.com/hookexec/hookexec/internal/audit"
	"github.com/hookexec/hookexec/internal/background"
	"github.com/hookexec/hookexec/internal/engine"
	"github.com/hookexec/hookexec/internal/event"
	"github.com/hookexec/hookexec/internal/runner"
	"github.com/hookexec/hookexec/internal/verdict"
)

// fireFlags are fire's flags (SPEC §6).
type fireFlags struct {
	configFlags
	runFlags
	trace string
}

func (a *app) fireCommand() *cobra.Command {
	var f fireFlags
	cmd := &cobra.Command{
		Use:   "fire EVENT",
		Short: "Run the hooks for an event (event JSON on stdin) and print the verdict",
		Long: `Run the hooks registered for EVENT with the event JSON (stdin or --input) on
their stdin, merge their answers and print one JSON verdict on stdout.
Under --format claude|gemini an EVENT hookexec does not know (a newer agent's)
runs the hooks registered under exactly that name, with a warning.

Exit status: 0 proceed, 2 blocked (the reason on stderr), 1 usage, config or
input error, 129/130/131/143 interrupted by SIGHUP/SIGINT/SIGQUIT/SIGTERM.
With --format claude|gemini a block is in the printed JSON and exits 0, as the
agents expect of a hook, and a config or input error prints the agent's JSON
with the error in systemMessage (a deny with --fail-closed on an event that
can block). Under --format claude the status is 0 or 2 only: a policy that
failed is named in systemMessage, so that "onFailure": "block" on hookexec's
own entry blocks only when hookexec itself fails. Under --format gemini a
policy that failed, or a config or input error, makes the status 1 (2 for a
--fail-closed deny), the JSON printed all the same, so that Gemini CLI
records the failure. Hooks that hookexec skipped are told to the user in
systemMessage on SessionStart, BeforeAgent and the session's first other
event.

A guard that cannot run blocks what it guards: when a hook hookexec was given
does not run (project files not trusted or changed since, a held hook, a file
or entry skipped as broken or unsafe, an unknown event with no hook, a config
error under --format claude|gemini), an event that can block is denied, with
the file and the command that fixes it ('hookexec trust', 'hookexec validate
FILE'). --untrusted skip (or the user's settings.untrusted) opts out of the
trust part only. 'hookexec log --guard-off' lists these events.`,
		Args:              eventArg,
		ValidArgsFunction: eventCompletion,
		RunE: func(cmd *cobra.Command, args []string) error {
			return a.fire(args[0], f)
		},
	}
	fl := cmd.Flags()
	f.configFlags.register(fl)
	f.runFlags.register(fl)
	fl.StringVar(&f.trace, "trace", "", "write a Chrome trace-event JSON of the run to this file (open it in Perfetto or chrome://tracing)")
	return cmd
}

func (a *app) fire(name string, f fireFlags) error {
	settings := f.settings()
	fired, unknown, err := agents.ResolveEvent(name, settings.format.Format)
	if err != nil {
		return err
	}
	ev := fired.Event
	if unknown != "" {
		settings.warnings = append(settings.warnings, unknown)
	}
	log, err := a.logger()
	if err != nil {
		return err
	}
	run := runner.New(settings.runnerOptions(f.maxParallel.v))
	eng := engine.Engine{Runner: run, Environ: os.Environ(), Depth: engine.Depth(a.getenv), Untrusted: f.untrusted.v, Background: background.DetachedWithLogs(a.logFile, a.logLevel, settings.killGrace), Log: log}
	req := a.request(f.configFlags, fired)
	req.Format, req.Abandon, req.Warnings = settings.format.Format, true, settings.warnings
	req.Timeout, req.Sequential, req.FailClosed = settings.timeout, f.sequential, f.failClosed
	ctx, interrupted := runner.WatchSignals(run, runner.FireInterrupts()...)
	res := eng.Do(ctx, req)
	// The decision log is written after the verdict, as fire returns;
	// nothing about it changes the verdict or the status.
	defer audit.Append(a.getenv, log, req, res, audit.ViaFire)
	switch {
	case res.Refused != nil:
		interrupted()
		return res.Refused
	case res.Interrupted:
		// Interrupted while reading the input or configs: no hook ran.
		werr := writeVerdictError(a.writeVerdict(settings.format, ev, res.Verdict, nil))
		return withStatus(128+int(interrupted()), werr)
	case res.Err != nil:
		interrupted()
		return a.answerError(ev, settings.format, res)
	}
	v := res.Verdict
	ev = res.AnswerFor(ev)
	if err := engine.WriteTraceFile(f.trace, ev, res); err != nil {
		interrupted()
		return err
	}
	// A failure to print the verdict never hides a block or an interrupt:
	// their exit status and the block reason come first, the write error
	// after them (a full disk, a reader that went away).
	werr := writeVerdictError(a.writeVerdict(settings.format, ev, v, res.Input))
	if sig := interrupted(); sig != 0 {
		return withStatus(128+int(sig), werr)
	}
	if agents.BlocksByStatus(settings.format.Format, ev, v, werr == nil) {
		fmt.Fprintln(a.stderr, verdict.CutMessage(v.BlockMessage(), settings.format.maxMessage))
		return withStatus(exitBlocked, werr)
	}
	if w := agents.Warning(settings.format.Format, ev, v); w != "" && werr == nil {
		// The agent shows its user stderr and reads the answer all the
		// same (agent.Answer.Warning).
		fmt.Fprintln(a.stderr, verdict.CutMessage(w, settings.format.maxMessage))
		return withStatus(exitBlocked, nil)
	}
	if err := agents.FailedError(settings.format.Format, v); err != nil && werr == nil {
		return withStatus(exitError, err)
	}
	return werr
}

// answerError handles a config or input error (res.Err): exit 1, or with
// --fail-closed on an event that can block a deny verdict and exit 2. In an
// agent format the agent's JSON carries the error (agents.ErrorStatus).
func (a *app) answerError(ev event.Event, format outputFormat, res engine.Result) error {
	if !res.Answered {
		return res.Err
	}
	v := res.Verdict
	status := agents.ErrorStatus(format.Format, v.Blocked)
	if werr := a.writeVerdict(format, ev, v, nil); werr != nil {
		printError(a.stderr, res.Err) // the reason first, as for any block
		if v.Blocked {
			status = exitBlocked
		}
		return withStatus(max(status, exitError), writeVerdictError(werr))
	}
	return withStatus(status, res.Err)
}
