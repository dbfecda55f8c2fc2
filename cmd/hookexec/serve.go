package main

import (
	"fmt"
	"os"

	"github.com/spf13/cobra"

	"github.com/hookexec/hookexec/internal/agents"
	"github.com/hookexec/hookexec/internal/background"
	"github.com/hookexec/hookexec/internal/engine"
	"github.com/hookexec/hookexec/internal/runner"
	"github.com/hookexec/hookexec/internal/server"
)

// serveFlags are serve's flags: fire's, but --input and --trace, and the
// server's own.
type serveFlags struct {
	configFlags
	runFlags
	listen    string
	maxEvents *value[int]
}

func (a *app) serveCommand() *cobra.Command {
	var f serveFlags
	cmd := &cobra.Command{
		Use:   "serve",
		Short: "Answer hook execution requests (newline-delimited JSON) on stdin or a Unix socket",
		Long: `Read HOOK_EXECUTION_REQUEST messages, one JSON object per line, fire each
event as 'hookexec fire' would with the same flags, and answer each with a
HOOK_EXECUTION_RESPONSE line whose output is what fire would print.
Requests run concurrently (at most --max-events at once) and are answered
as soon as they are done; HOOK_EXECUTION_CANCEL cancels one. Configs are
loaded once and again when their files change. At the end of stdin serve
finishes the events running; on SIGINT or SIGTERM it cancels them. The
protocol is in the README ("hookexec serve").`,
		Args: cobra.NoArgs,
		RunE: func(cmd *cobra.Command, args []string) error {
			return a.serve(f)
		},
	}
	fl := cmd.Flags()
	f.registerSources(fl)
	f.runFlags.register(fl)
	fl.StringVar(&f.listen, "listen", "", "listen on a Unix socket (unix:PATH, created 0600) instead of stdin and stdout")
	f.maxEvents = flagCount("--max-events", "1 or more", 1, server.DefaultMaxEvents)
	fl.Var(f.maxEvents, "max-events", "run at most N events at once; more requests wait")
	return cmd
}

func (a *app) serve(f serveFlags) error {
	settings := f.settings()
	socket, err := server.ParseListen(f.listen)
	if err != nil {
		return err
	}
	depth := engine.Depth(a.getenv)
	if depth >= engine.MaxDepth {
		return fmt.Errorf("%s is %d: hooks are running hookexec recursively (at most %d nested); refusing to serve", engine.DepthVar, depth, engine.MaxDepth)
	}
	log, err := a.logger()
	if err != nil {
		return err
	}
	run := runner.New(withKeeper(settings.runnerOptions(f.maxParallel.v), log))
	ctx, stop := runner.WatchSignals(run, runner.Interrupts()...)
	defer stop()
	// Async hooks run in this process, bounded by their timeouts; serve
	// waits for them before it exits, and a signal terminates them.
	bg := background.NewGroup(ctx, run, log)
	defer bg.Wait()
	// Each request is fire's (a.request) with its own event and input;
	// the configs are loaded again only when their files change.
	req := a.request(f.configFlags, agents.EventName{})
	req.Input, req.Cache = nil, &engine.Cache{}
	req.Format, req.Warnings = settings.format.Format, settings.warnings
	req.Timeout, req.Sequential, req.FailClosed = settings.timeout, f.sequential, f.failClosed
	srv := server.New(server.Options{
		Request:    req,
		Engine:     engine.Engine{Runner: run, Environ: os.Environ(), Depth: depth, UntrustedDeny: f.untrusted.v, Background: bg, Log: log},
		MaxMessage: settings.format.maxMessage,
		MaxEvents:  f.maxEvents.v,
		Log:        log,
	})
	if socket != "" {
		return srv.ServeUnix(ctx, socket)
	}
	return srv.Serve(ctx, a.stdin, a.stdout)
}
