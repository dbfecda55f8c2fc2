package main

import (
	"context"
	"fmt"
	"os"
	"os/signal"
	"slices"
	"strings"
	"sync"
	"syscall"
	"time"

	"github.com/spf13/cobra"
	"github.com/spf13/pflag"

	"github.com/hookexec/hookexec/internal/engine"
	"github.com/hookexec/hookexec/internal/event"
	"github.com/hookexec/hookexec/internal/registry"
	"github.com/hookexec/hookexec/internal/runner"
	"github.com/hookexec/hookexec/internal/verdict"
)

// fireFlags are fire's flags (SPEC §6).
type fireFlags struct {
	configFlags
	format      string
	timeout     string
	killGrace   string
	maxParallel int
	maxOutput   string
	maxTotal    string
	maxMessage  string
	sequential  bool
	failClosed  bool
	trace       string
	untrusted   string
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
systemMessage on SessionStart, BeforeAgent and the session's first event that
can block.`,
		Args:              eventArg,
		ValidArgsFunction: eventCompletion,
		RunE: func(cmd *cobra.Command, args []string) error {
			return a.fire(args[0], f)
		},
	}
	fl := cmd.Flags()
	f.register(fl)
	f.registerRun(fl)
	fl.StringVar(&f.trace, "trace", "", "write a Chrome trace-event JSON of the run to this file (open it in Perfetto or chrome://tracing)")
	return cmd
}

// registerRun registers the flags of running an event that fire and serve
// share (all but the config flags, --input and --trace).
func (f *fireFlags) registerRun(fl *pflag.FlagSet) {
	fl.StringVar(&f.format, "format", "result", "output format: result, claude (a Claude Code hook's output) or gemini (a Gemini CLI / LLxprt hook's output)")
	fl.StringVar(&f.timeout, "timeout", "", "timeout for hooks that set none (Go duration; a bare number is milliseconds; default: the dialect's)")
	fl.StringVar(&f.killGrace, "kill-grace", "", "time between SIGTERM and SIGKILL of a timed-out hook's process group (default 5s; 1s with --format claude|gemini, where the agent waits)")
	fl.IntVar(&f.maxParallel, "max-parallel", 0, "run at most N hooks at once (0: no limit)")
	fl.StringVar(&f.maxOutput, "max-output", "1MiB", "bytes of stdout and of stderr kept per hook (suffixes K, KiB, M, MiB)")
	fl.StringVar(&f.maxTotal, "max-total-output", "16MiB", "bytes of stdout and stderr kept of all hooks of the event together (suffixes as --max-output)")
	fl.StringVar(&f.maxMessage, "max-message", "64KiB", "bytes of each message of --format claude|gemini and of the block reason on stderr; longer ones are cut and say so (at least 256)")
	fl.BoolVar(&f.sequential, "sequential", false, "run all hooks one after another in plan order")
	fl.BoolVar(&f.failClosed, "fail-closed", false, "treat hook failures, timeouts and config or input errors as a deny")
	fl.StringVar(&f.untrusted, "untrusted", "skip", "untrusted project hook files: skip (warn and run the other hooks) or deny (also deny every event that can block)")
}

// runSettings are fire's parsed numeric flags.
type runSettings struct {
	timeout, killGrace time.Duration
	maxOutput          int64
	maxTotal           int64
	format             outputFormat
	untrustedDeny      bool
	// warnings are about the flags (a bare --timeout under 100 ms): they
	// go into the verdict's warnings and the log, never on stderr, which
	// carries only the block reason or the error (SPEC §6).
	warnings []string
}

func (f fireFlags) parse() (runSettings, error) {
	var s runSettings
	var err error
	if s.format.Format, err = verdict.ParseFormat(f.format); err != nil {
		return s, fmt.Errorf("invalid --format %q (supported: result, claude, gemini)", f.format)
	}
	switch strings.ToLower(strings.TrimSpace(f.untrusted)) {
	case "skip":
	case "deny":
		s.untrustedDeny = true
	default:
		return s, fmt.Errorf("invalid --untrusted %q (want skip or deny)", f.untrusted)
	}
	if f.maxParallel < 0 {
		return s, fmt.Errorf("invalid --max-parallel %d (want 0 or more)", f.maxParallel)
	}
	if f.timeout != "" {
		if s.timeout, err = timeoutFlag.parse(f.timeout); err != nil {
			return s, err
		}
		if w := timeoutFlag.shortBareWarning(f.timeout, s.timeout); w != "" {
			s.warnings = append(s.warnings, w)
		}
	}
	grace := f.killGrace
	if grace == "" {
		grace = defaultKillGrace(s.format.Format)
	}
	if s.killGrace, err = killGraceFlag.parse(grace); err != nil {
		return s, err
	}
	if w := killGraceFlag.shortBareWarning(f.killGrace, s.killGrace); w != "" {
		s.warnings = append(s.warnings, w)
	}
	if s.killGrace == 0 {
		s.killGrace = runner.NoKillGrace // the runner reads 0 as its default
	}
	if s.maxOutput, err = parseSize("--max-output", f.maxOutput); err != nil {
		return s, err
	}
	if s.maxTotal, err = parseSize("--max-total-output", f.maxTotal); err != nil {
		return s, err
	}
	if s.format.maxMessage, err = parseMessageSize(f.maxMessage); err != nil {
		return s, err
	}
	return s, nil
}

// defaultKillGrace is --kill-grace when it is not given: 5 s, or 1 s in an
// agent format. The agent waits for hookexec's answer, and run directly,
// Claude Code gives up on a hook at its timeout, so a policy that ignores
// SIGTERM should not hold the agent for long after it (make e2e).
func defaultKillGrace(f verdict.Format) string {
	if f == verdict.FormatResult {
		return "5s"
	}
	return "1s"
}

func (a *app) fire(name string, f fireFlags) error {
	settings, err := f.parse()
	if err != nil {
		return err
	}
	ev, unknown, err := verdict.ResolveEvent(name, settings.format.Format)
	if err != nil {
		return err
	}
	if unknown != "" {
		settings.warnings = append(settings.warnings, unknown)
	}
	if err := f.configFlags.check(); err != nil {
		return err
	}
	depth := engine.Depth(a.getenv)
	if depth >= engine.MaxDepth {
		if v := a.getenv(engine.DepthVar); engine.DepthMalformed(v) {
			// No recursion writes this: the repository can set it through
			// the agent, so the event denies rather than exiting with an
			// error the agent ignores (issue 18 §1 hole 10).
			err := fmt.Errorf("%s is %q, not a count of nested fires; refusing to run hooks for %s", engine.DepthVar, v, ev.Name)
			return a.failClosedOrError(ev, true, settings.format, err, time.Now())
		}
		return fmt.Errorf("%s is %d: hooks are firing hookexec recursively (at most %d nested fires); refusing to run hooks for %s", engine.DepthVar, depth, engine.MaxDepth, ev.Name)
	}
	log, err := a.logger()
	if err != nil {
		return err
	}
	start := time.Now()
	run := runner.New(runner.Options{MaxOutput: settings.maxOutput, MaxTotalOutput: settings.maxTotal, KillGrace: settings.killGrace, MaxParallel: f.maxParallel})
	ctx, interrupted := a.watchSignals(run)
	log.Debug().Str("event", ev.Name).Msg("reading input and configs")
	l, ok := a.loadUnlessInterrupted(ctx, f.configFlags)
	loaded := time.Now()
	if !ok {
		// Interrupted while reading the input or configs: no hook ran.
		v := verdict.Verdict{Event: ev.Name, Continue: true, Hooks: []verdict.HookReport{}, DurationMs: millisSince(start)}
		werr := writeVerdictError(a.writeVerdict(settings.format, ev, v, nil))
		return withStatus(128+int(interrupted()), werr)
	}
	if l.err != nil {
		interrupted()
		return a.failClosedOrError(ev, f.failClosed, settings.format, l.err, start)
	}
	for _, w := range settings.warnings {
		log.Warn().Msg(w)
	}
	for _, w := range l.reg.Warnings {
		log.Warn().Str("at", w.Pos.String()).Msg(w.Message)
	}
	eng := &engine.Engine{Runner: run, ProjectDir: l.projectDir, Environ: os.Environ(), Depth: depth, UntrustedDeny: settings.untrustedDeny, Background: a.detachedStarter(settings.killGrace), Log: log}
	opts := planDefaults(l.reg.Getenv, os.Environ())
	opts.Timeout, opts.Sequential, opts.FailClosed = settings.timeout, f.sequential, f.failClosed
	v := eng.Fire(ctx, l.reg, ev, l.in, opts)
	v.Warnings = append(slices.Clip(settings.warnings), v.Warnings...)
	v.DurationMs = millisSince(start)
	if err := writeTrace(f.trace, ev, start, loaded, v); err != nil {
		interrupted()
		return err
	}
	// A failure to print the verdict never hides a block or an interrupt:
	// their exit status and the block reason come first, the write error
	// after them (a full disk, a reader that went away).
	werr := writeVerdictError(a.writeVerdict(settings.format, ev, v, l.in))
	if sig := interrupted(); sig != 0 {
		return withStatus(128+int(sig), werr)
	}
	// In an agent format the printed JSON carries a block, and the exit
	// status is 0, as for a policy the agent runs itself that answers in
	// JSON: both agents read that JSON, and report any other status as a
	// failed hook (Gemini CLI) or a hook error (Claude Code); on Stop,
	// Claude takes exit 2 as "keep going", not as the JSON's continue:
	// false (README, "What the agent receives"). When the JSON could not
	// be written, exit 2 and the reason on stderr still block. Under
	// --format claude, a claude-dialect policy that blocked with exit 2
	// makes hookexec exit 2 too: Claude reads the JSON all the same, and
	// labels the block as it would label the policy's own.
	// Claude Code's WorktreeCreate has no JSON block: only a status other
	// than 0 fails the creation.
	if v.Blocked && (settings.format.Format == verdict.FormatResult || werr != nil ||
		settings.format.Format == verdict.FormatClaude && (v.ClaudeExit2() || ev.Plain == event.PlainWorktreePath)) {
		fmt.Fprintln(a.stderr, verdict.CutMessage(blockMessage(v), settings.format.maxMessage))
		return withStatus(exitBlocked, werr)
	}
	// Gemini CLI learns of a failed policy by the exit status, and reads
	// the JSON all the same (Verdict.Failed). Claude Code is told in
	// systemMessage instead: with "onFailure": "block" on hookexec's
	// entry (install), any status but 0 and 2 would block the tool.
	if failed := v.Failed(); settings.format.Format == verdict.FormatGemini && len(failed) > 0 && werr == nil {
		return withStatus(exitError, fmt.Errorf("hook(s) failed: %s", strings.Join(failed, ", ")))
	}
	return werr
}

// loaded is what load returns.
type loaded struct {
	in         *event.Input
	projectDir string
	reg        *registry.Registry
	err        error
}

// loadUnlessInterrupted reads the input and configs; ok is false when a
// signal arrived first (stdin may never be closed, so loading must not hold
// up the exit).
func (a *app) loadUnlessInterrupted(ctx context.Context, c configFlags) (loaded, bool) {
	ch := make(chan loaded, 1)
	go func() {
		in, projectDir, reg, err := a.load(c)
		ch <- loaded{in, projectDir, reg, err}
	}()
	select {
	case l := <-ch:
		return l, true
	case <-ctx.Done():
		return loaded{}, false
	}
}

func millisSince(t time.Time) float64 {
	return float64(time.Since(t).Microseconds()) / 1000
}

// failClosedOrError handles a config or input error: exit 1, or with
// --fail-closed on an event that can block a deny verdict and exit 2. In an
// agent format the agent's JSON carries the error (errorStatus).
func (a *app) failClosedOrError(ev event.Event, failClosed bool, format outputFormat, err error, start time.Time) error {
	deny := failClosed && ev.CanBlock
	v, ok := verdict.ErrorAnswer(format.Format, ev, err, failClosed)
	if !ok {
		return err
	}
	v.DurationMs = millisSince(start)
	status := errorStatus(format.Format, v.Blocked)
	if werr := a.writeVerdict(format, ev, v, nil); werr != nil {
		printError(a.stderr, err) // the reason first, as for any block
		if deny {
			status = exitBlocked
		}
		return withStatus(max(status, exitError), writeVerdictError(werr))
	}
	return withStatus(status, err)
}

// errorStatus is fire's exit status for a config or input error whose
// verdict (blocked or not) was printed. Under --format claude it is 0: the
// JSON carries the error in systemMessage, and the deny under
// --fail-closed; Claude Code reads the JSON on exit 0, and with "onFailure":
// "block" on hookexec's entry any status but 0 and 2 blocks the tool (issue
// 17 §2). Under --format gemini it is 1 (2 for a deny), as for a policy
// that failed: Gemini CLI reads the JSON whatever the status and records
// the failure. The result format keeps SPEC §6: 1, or 2 for a deny.
func errorStatus(f verdict.Format, blocked bool) int {
	switch {
	case blocked && f != verdict.FormatClaude:
		return exitBlocked
	case f == verdict.FormatClaude:
		return exitOK
	default:
		return exitError
	}
}

// blockMessage is what stderr carries when the event is blocked (SPEC §6).
func blockMessage(v verdict.Verdict) string {
	switch {
	case strings.TrimSpace(v.Reason) != "":
		return v.Reason
	case strings.TrimSpace(v.StopReason) != "":
		return v.StopReason
	default:
		return "blocked by hook"
	}
}

// watchSignals cancels the returned context on the first SIGINT, SIGTERM,
// SIGHUP or SIGQUIT (which would otherwise dump goroutines and exit 2, a
// block, leaving the hooks running) and kills every hook at once on the second (SPEC §4.5). The
// returned function stops watching and reports the first signal (0 if none),
// including one that arrived after the hooks were done.
func (a *app) watchSignals(run *runner.Runner) (context.Context, func() syscall.Signal) {
	ctx, cancel := context.WithCancel(context.Background())
	ch := make(chan os.Signal, 2)
	signal.Notify(ch, syscall.SIGINT, syscall.SIGTERM, syscall.SIGHUP, syscall.SIGQUIT)
	var first syscall.Signal // owned by the goroutine until exited is closed
	done := make(chan struct{})
	exited := make(chan struct{})
	handle := func(s os.Signal) {
		if first == 0 {
			first = s.(syscall.Signal)
			cancel()
		} else {
			run.KillAll()
		}
	}
	go func() {
		defer close(exited)
		for {
			select {
			case s := <-ch:
				handle(s)
			case <-done:
				// Stop has returned: ch receives nothing more, but may
				// hold signals that arrived before it.
				for {
					select {
					case s := <-ch:
						handle(s)
					default:
						return
					}
				}
			}
		}
	}()
	var once sync.Once
	return ctx, func() syscall.Signal {
		once.Do(func() {
			// Stop first: it returns only once the runtime has delivered
			// every signal that arrived before it, so the drain below
			// sees a signal that came just as the hooks finished. (It
			// costs about 80 µs per fire; skipping it loses such signals.)
			signal.Stop(ch)
			close(done)
			<-exited
			cancel()
		})
		return first
	}
}
