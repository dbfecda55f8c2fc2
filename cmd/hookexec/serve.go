package main

import (
	"context"
	"errors"
	"fmt"
	"os"
	"time"

	"github.com/rs/zerolog"
	"github.com/spf13/cobra"
	"github.com/spf13/pflag"

	"github.com/hookexec/hookexec/internal/agents"
	"github.com/hookexec/hookexec/internal/background"
	"github.com/hookexec/hookexec/internal/duration"
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
	http      httpFlags
	life      lifeFlags // --ensure, --stop, --unit (serve_ensure.go)
}

// httpFlags are serve's HTTP flags: --http ADDR, --http-allow-remote,
// --idle-exit.
type httpFlags struct {
	addr        string
	allowRemote bool
	idleExit    *value[time.Duration]
}

func (h *httpFlags) register(fl *pflag.FlagSet) {
	fl.StringVar(&h.addr, "http", "", "answer over HTTP on ADDR (127.0.0.1:PORT, [::1]:PORT or localhost:PORT): POST /v1/FORMAT/EVENT, with the token of the serve-token file (docs/serve.md)")
	fl.BoolVar(&h.allowRemote, "http-allow-remote", false, "let --http listen on an address that is not loopback and accept any Host header: this exposes your hooks to whoever can reach that address and knows the token")
	h.idleExit = flagDuration(duration.Flag{Name: "--idle-exit", AllowZero: true})
	fl.Var(h.idleExit, "idle-exit", "with --http, exit after this long with no request (e.g. 30m; 0 or unset: never)")
}

// validate refuses the HTTP flags without --http, and --http with --listen.
func (h *httpFlags) validate(listen string) error {
	switch {
	case h.addr == "" && (h.allowRemote || h.idleExit.v != 0):
		return errors.New("--http-allow-remote and --idle-exit need --http ADDR")
	case h.addr != "" && listen != "":
		return errors.New("--http and --listen cannot be given together")
	}
	return nil
}

// serveHTTP listens on --http and serves srv there until a signal,
// POST /v1/shutdown or --idle-exit.
func (a *app) serveHTTP(ctx context.Context, srv *server.Server, h httpFlags, log zerolog.Logger) error {
	ln, err := server.ListenHTTP(h.addr, h.allowRemote)
	if err != nil {
		return err
	}
	getenv := a.userGetenv()
	tok, err := server.EnsureToken(server.TokenPath(getenv))
	if err != nil {
		_ = ln.Close()
		return err
	}
	// Without an admin token the server serves all the same; only a stop
	// over HTTP is refused (its process can still be signalled).
	admin, err := a.adminToken(getenv, true)
	if err != nil {
		log.Warn().Err(err).Msg("no admin token: POST /v1/shutdown is refused")
	}
	return srv.ServeHTTPOn(ctx, ln, server.HTTPOptions{Token: tok, AdminToken: admin, AllowRemote: h.allowRemote, IdleExit: h.idleExit.v, Version: buildVersion()})
}

func (a *app) serveCommand() *cobra.Command {
	var f serveFlags
	cmd := &cobra.Command{
		Use:   "serve",
		Short: "Answer hook execution requests: NDJSON on stdin or a Unix socket, or the agents' HTTP hooks (--http)",
		Long: `Read HOOK_EXECUTION_REQUEST messages, one JSON object per line, fire each
event as 'hookexec fire' would with the same flags, and answer each with a
HOOK_EXECUTION_RESPONSE line whose output is what fire would print.
Requests run concurrently (at most --max-events at once) and are answered
as soon as they are done; HOOK_EXECUTION_CANCEL cancels one. Configs are
loaded once and again when their files change. At the end of stdin serve
finishes the events running; on SIGINT or SIGTERM it cancels them. The
protocol is in docs/serve.md.

With --http ADDR serve answers the agents' http hooks instead: POST the
event JSON to /v1/FORMAT/EVENT (e.g. /v1/claude/PreToolUse) with
"Authorization: Bearer TOKEN" (the token of the serve-token file in your
config directory, made 0600 when missing) and the answer is what
'hookexec fire EVENT --format FORMAT' prints. Only loopback addresses, only
requests naming this address in Host and carrying no Origin. See
docs/serve.md.`,
		Args: cobra.NoArgs,
		RunE: func(cmd *cobra.Command, args []string) error {
			if f.life.set() {
				return a.serveLife(cmd, f)
			}
			return a.serve(f)
		},
	}
	fl := cmd.Flags()
	f.registerSources(fl)
	f.runFlags.register(fl)
	fl.StringVar(&f.listen, "listen", "", "listen on a Unix socket (unix:PATH, created 0600) instead of stdin and stdout")
	f.maxEvents = flagCount("--max-events", "1 or more", 1, server.DefaultMaxEvents)
	fl.Var(f.maxEvents, "max-events", "run at most N events at once; more requests wait")
	f.http.register(fl)
	f.life.register(fl)
	return cmd
}

func (a *app) serve(f serveFlags) error {
	settings := f.settings()
	socket, err := server.ParseListen(f.listen)
	if err != nil {
		return err
	}
	if err := f.http.validate(f.listen); err != nil {
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
		Engine:     engine.Engine{Runner: run, Environ: os.Environ(), Depth: depth, Untrusted: f.untrusted.v, Background: bg, Log: log},
		MaxMessage: settings.format.maxMessage,
		MaxEvents:  f.maxEvents.v,
		Log:        log,
	})
	if f.http.addr != "" {
		return a.serveHTTP(ctx, srv, f.http, log)
	}
	if socket != "" {
		return srv.ServeUnix(ctx, socket)
	}
	return srv.Serve(ctx, a.stdin, a.stdout)
}
