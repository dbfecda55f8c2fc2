package main

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"slices"
	"strings"

	"github.com/spf13/cobra"
	"github.com/spf13/pflag"

	"github.com/hookexec/hookexec/internal/dirs"
	"github.com/hookexec/hookexec/internal/engine"
	"github.com/hookexec/hookexec/internal/runner"
	"github.com/hookexec/hookexec/internal/safefile"
	"github.com/hookexec/hookexec/internal/server"
)

// lifeFlags are serve's flags that start, stop or describe a server
// instead of being one: --ensure, --stop and --unit.
type lifeFlags struct {
	ensure bool
	stop   bool
	unit   string
}

func (l *lifeFlags) register(fl *pflag.FlagSet) {
	fl.BoolVar(&l.ensure, "ensure", false, "make sure the user's server answers at --http (default: the user's port) and return: start one, detached, when none does (an agent's SessionStart hook)")
	fl.BoolVar(&l.stop, "stop", false, "stop the user's server at --http (default: the user's port) and wait until it is gone")
	fl.StringVar(&l.unit, "unit", "", "print a user service that runs serve --http: systemd or launchd")
}

// set reports whether a life flag was given: serve then does that
// instead of serving.
func (l *lifeFlags) set() bool { return l.ensure || l.stop || l.unit != "" }

// defaultIdleExit is the --idle-exit of a server that --ensure starts.
const defaultIdleExit = "12h"

// serveLife runs --ensure, --stop or --unit. None loads a config or sets
// up a runner: --ensure, the SessionStart hook of every session, costs one
// probe when the server answers.
func (a *app) serveLife(cmd *cobra.Command, f serveFlags) error {
	l := f.life
	switch {
	case btoi(l.ensure)+btoi(l.stop)+btoi(l.unit != "") > 1:
		return errors.New("--ensure, --stop and --unit exclude each other")
	case f.listen != "":
		return errors.New("--ensure, --stop and --unit are for serve --http, not --listen")
	}
	addr := f.http.addr
	if addr == "" {
		addr = server.DefaultHTTPAddr()
	}
	if err := server.CheckHTTPAddr(addr, f.http.allowRemote); err != nil {
		return err
	}
	if l.unit != "" {
		return a.printUnit(cmd, l.unit, addr)
	}
	if l.stop {
		return a.stopServer(addr)
	}
	log, err := a.logger()
	if err != nil {
		return err
	}
	started, err := a.ensureServer(cmd, addr)
	log.Info().Str("addr", addr).Bool("started", started).AnErr("error", err).Msg("serve --ensure")
	switch {
	case errors.Is(err, server.ErrNotOurs):
		// Something else answers the agent's http hooks there: its {}
		// lets every tool call through. Said as a message and on stderr,
		// and the exit status is not 0.
		msg := fmt.Sprintf("hookexec serve cannot run at %s: %v; guards are NOT enforced: whatever holds the port answers the agent's http hooks; stop it or choose another port (hookexec install claude --http --http-addr ADDR), then run 'hookexec doctor'", addr, err)
		if werr := a.writeSystemMessage(msg); werr != nil {
			return werr
		}
		return withStatus(exitError, errors.New(msg))
	case err != nil:
		// SessionStart cannot block, and a failing hook would only be
		// noise: the user is told, and the http hooks, which fail closed
		// when nothing answers, keep the guarded tools blocked until the
		// server runs.
		return a.writeSystemMessage(fmt.Sprintf("hookexec serve could not start at %s: %v; guarded tools will be blocked until it runs: run 'hookexec doctor'", addr, err))
	}
	return nil
}

// stopServer is --stop: the user's server at addr shut down (its running
// events cancelled, their hooks terminated) and gone. Nothing answering is
// no error; something that does not hold the user's token is, and is sent
// nothing.
func (a *app) stopServer(addr string) error {
	getenv := a.userGetenv()
	token, err := server.ReadToken(server.TokenPath(getenv))
	if err != nil {
		return err
	}
	admin, err := a.adminToken(getenv, false)
	if err != nil {
		return err
	}
	info, err := server.Stop(context.Background(), addr, token, admin)
	switch {
	case errors.Is(err, server.ErrNotRunning):
		_, err = fmt.Fprintf(a.stdout, "no hookexec serve answers at %s\n", addr)
		return err
	case err != nil:
		return err
	}
	_, err = fmt.Fprintf(a.stdout, "stopped hookexec serve %s (pid %d) at %s\n", info.Version, info.PID, addr)
	return err
}

// btoi is 1 for true.
func btoi(b bool) int {
	if b {
		return 1
	}
	return 0
}

// ensureServer is --ensure: started says whether it started the server.
// Hooks firing hookexec recursively start none: the server gets none of
// the session's environment, its depth included.
func (a *app) ensureServer(cmd *cobra.Command, addr string) (started bool, err error) {
	if depth := engine.Depth(a.getenv); depth >= engine.MaxDepth {
		return false, fmt.Errorf("%s is %d: hooks are running hookexec recursively (at most %d nested); refusing to start a server", engine.DepthVar, depth, engine.MaxDepth)
	}
	getenv := a.userGetenv()
	token, err := server.EnsureToken(server.TokenPath(getenv))
	if err != nil {
		return false, err
	}
	// Made here when missing, so that the server started reads the same.
	admin, _ := a.adminToken(getenv, true)
	started, err = server.Ensure(context.Background(), server.EnsureOptions{
		Addr: addr, Token: token, AdminToken: admin, Version: buildVersion(),
		Lock:  func() (string, error) { return server.StateFile(a.getenv, server.LockFile) },
		Start: func() error { return a.startServer(cmd, addr) },
	})
	if started && err != nil {
		// The server said why in its log: the user sees its last line.
		if log, lerr := server.StateFile(a.getenv, server.LogFile); lerr == nil {
			if last := lastLine(log); last != "" {
				err = fmt.Errorf("%w (%s: %s)", err, log, last)
			}
		}
	}
	return started, err
}

// lastLine is the last non-empty line of the end of the file at path
// ("" when there is none or it cannot be read).
func lastLine(path string) string {
	f, err := os.Open(path)
	if err != nil {
		return ""
	}
	defer func() { _ = f.Close() }()
	const tail = 1 << 10
	if fi, err := f.Stat(); err == nil && fi.Size() > tail {
		_, _ = f.Seek(fi.Size()-tail, io.SeekStart)
	}
	data, _ := io.ReadAll(io.LimitReader(f, tail))
	lines := strings.Split(strings.TrimSpace(string(data)), "\n")
	return strings.TrimSpace(lines[len(lines)-1])
}

// startServer starts `hookexec serve --http ADDR` with serve's other
// flags, detached, in the user's state directory (no session's project
// directory), with a fixed, minimal environment (server.ServerEnv: nothing
// of the starting session's), its output in serve.log there.
func (a *app) startServer(cmd *cobra.Command, addr string) error {
	exe, err := os.Executable()
	if err != nil {
		return fmt.Errorf("finding hookexec's executable: %w", err)
	}
	args, err := serverArgs(cmd, addr, true)
	if err != nil {
		return err
	}
	logPath, err := server.StateFile(a.getenv, server.LogFile)
	if err != nil {
		return err
	}
	// Each server's log starts empty: it holds what the last one said.
	log, err := safefile.OpenOutput(server.LogFile, logPath, os.O_TRUNC)
	if err != nil {
		return err
	}
	defer func() { _ = log.Close() }() // the server has its own copy
	// Args[0] is hookexec whatever the file is called (background.go).
	argv := append([]string{"hookexec"}, args...)
	return runner.StartDetachedWith(exe, argv, nil, runner.DetachOptions{
		Dir: filepath.Dir(logPath), Env: server.ServerEnv(a.userGetenv(), filepath.Dir(exe)), Output: log,
	})
}

// printUnit prints the user service of kind that runs this binary's
// serve --http ADDR with serve's other flags, the PATH and the locating
// variables of now (a service does not get the user's shell environment).
func (a *app) printUnit(cmd *cobra.Command, kind, addr string) error {
	exe, err := os.Executable()
	if err != nil {
		return fmt.Errorf("finding hookexec's executable: %w", err)
	}
	if exe, err = filepath.EvalSymlinks(exe); err != nil {
		return fmt.Errorf("finding hookexec's executable: %w", err)
	}
	args, err := serverArgs(cmd, addr, false)
	if err != nil {
		return err
	}
	var env []string
	getenv := a.userGetenv() // what the repository set under an agent is left out
	for _, name := range append([]string{"PATH"}, dirs.LocationVars()...) {
		if v := getenv(name); v != "" && name != "HOME" && name != "USERPROFILE" {
			env = append(env, name+"="+v)
		}
	}
	o := server.UnitOptions{Argv: append([]string{exe}, args...), Env: env}
	// launchd writes the log but does not make its directory.
	if log, err := server.StateFile(a.getenv, server.LogFile); err == nil {
		o.Log = log
	}
	text, err := server.Unit(kind, o)
	if err != nil {
		return err
	}
	_, err = fmt.Fprint(a.stdout, text)
	return stdoutError(err)
}

// serverArgs are the arguments after the program of the server that
// --ensure starts or --unit runs: serve, --http ADDR, and the flags given
// to this serve but --ensure, --stop and --unit, with paths made absolute (the
// server runs elsewhere); with idle, --idle-exit 12h unless given.
func serverArgs(cmd *cobra.Command, addr string, idle bool) ([]string, error) {
	args := []string{"serve", "--http", addr}
	var err error
	visit := func(f *pflag.Flag) {
		if !f.Changed {
			return
		}
		switch f.Name {
		case "ensure", "stop", "unit", "http", "help":
			return
		}
		values := []string{f.Value.String()}
		if s, ok := f.Value.(pflag.SliceValue); ok {
			values = s.GetSlice()
		}
		for _, v := range values {
			if slices.Contains([]string{"config", "project-dir", "log-file"}, f.Name) && v != "" {
				if v, err = filepath.Abs(v); err != nil {
					return
				}
			}
			args = append(args, "--"+f.Name+"="+v)
		}
	}
	// VisitAll and Changed: these flag sets are copies that do not know
	// which flags were set.
	cmd.InheritedFlags().VisitAll(visit)
	cmd.LocalFlags().VisitAll(visit)
	if err != nil {
		return nil, fmt.Errorf("making a path absolute: %w", err)
	}
	if f := cmd.Flags().Lookup("idle-exit"); idle && (f == nil || !f.Changed) {
		args = append(args, "--idle-exit", defaultIdleExit)
	}
	return args, nil
}

// writeSystemMessage prints {"systemMessage": msg}: what a SessionStart
// hook shows the user (Claude Code, Qwen Code).
func (a *app) writeSystemMessage(msg string) error {
	data, err := json.Marshal(map[string]string{"systemMessage": msg})
	if err != nil {
		return err
	}
	_, err = fmt.Fprintln(a.stdout, string(data))
	return stdoutError(err)
}
