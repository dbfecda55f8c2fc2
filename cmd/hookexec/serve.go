package main

import (
	"context"
	"fmt"
	"os"
	"os/signal"
	"strings"
	"syscall"

	"github.com/spf13/cobra"

	"github.com/hookexec/hookexec/internal/background"
	"github.com/hookexec/hookexec/internal/engine"
	"github.com/hookexec/hookexec/internal/registry"
	"github.com/hookexec/hookexec/internal/runner"
	"github.com/hookexec/hookexec/internal/server"
)

// serveFlags are serve's flags: fire's, but --input and --trace, and the
// server's own.
type serveFlags struct {
	fireFlags
	listen    string
	maxEvents int
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
	f.registerRun(fl)
	fl.StringVar(&f.listen, "listen", "", "listen on a Unix socket (unix:PATH, created 0600) instead of stdin and stdout")
	fl.IntVar(&f.maxEvents, "max-events", server.DefaultMaxEvents, "run at most N events at once; more requests wait")
	return cmd
}

func (a *app) serve(f serveFlags) error {
	settings, err := f.parse()
	if err != nil {
		return err
	}
	if err := f.configFlags.check(); err != nil {
		return err
	}
	if f.maxEvents <= 0 {
		return fmt.Errorf("invalid --max-events %d (want 1 or more)", f.maxEvents)
	}
	socket, ok := strings.CutPrefix(f.listen, "unix:")
	if f.listen != "" && (!ok || socket == "") {
		return fmt.Errorf("invalid --listen %q (want unix:PATH)", f.listen)
	}
	depth := engine.Depth(a.getenv)
	if depth >= engine.MaxDepth {
		return fmt.Errorf("%s is %d: hooks are running hookexec recursively (at most %d nested); refusing to serve", engine.DepthVar, depth, engine.MaxDepth)
	}
	log, err := a.logger()
	if err != nil {
		return err
	}
	dialect, _ := registry.ParseDialect(f.dialect) // checked above
	run := runner.New(runner.Options{MaxOutput: settings.maxOutput, MaxTotalOutput: settings.maxTotal, KillGrace: settings.killGrace, MaxParallel: f.maxParallel})
	ctx, stop := a.serveSignals(run)
	defer stop()
	// Async hooks run in this process, bounded by their timeouts; serve
	// waits for them before it exits, and a signal terminates them.
	bg := background.NewGroup(ctx, run, log)
	defer bg.Wait()
	plan := planDefaults(a.getenv, os.Environ())
	plan.Timeout, plan.Sequential, plan.FailClosed = settings.timeout, f.sequential, f.failClosed
	srv := server.New(server.Options{
		Loader:     &server.Loader{Options: registry.Options{Configs: f.configs, Dialect: dialect, Getenv: a.getenv}},
		ProjectDir: f.projectDir,
		Getenv:     a.getenv,
		Engine:     engine.Engine{Runner: run, Environ: os.Environ(), Depth: depth, UntrustedDeny: settings.untrustedDeny, Background: bg, Log: log},
		Plan:       plan,
		Format:     settings.format.Format,
		MaxMessage: settings.format.maxMessage,
		Warnings:   settings.warnings,
		MaxEvents:  f.maxEvents,
		Log:        log,
	})
	if socket != "" {
		return srv.ServeUnix(ctx, socket)
	}
	return srv.Serve(ctx, a.stdin, a.stdout)
}

// serveSignals cancels the returned context on the first SIGINT, SIGTERM
// or SIGHUP (serve then cancels the events running and exits 0) and kills
// every hook at once on the second.
func (a *app) serveSignals(run *runner.Runner) (context.Context, func()) {
	ctx, cancel := context.WithCancel(context.Background())
	ch := make(chan os.Signal, 2)
	signal.Notify(ch, syscall.SIGINT, syscall.SIGTERM, syscall.SIGHUP)
	done := make(chan struct{})
	go func() {
		for {
			select {
			case <-ch:
				if ctx.Err() != nil {
					run.KillAll()
				}
				cancel()
			case <-done:
				return
			}
		}
	}()
	return ctx, func() {
		signal.Stop(ch)
		close(done)
		cancel()
	}
}
