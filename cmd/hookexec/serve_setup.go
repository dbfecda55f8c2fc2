package main

import (
	"context"
	"errors"
	"io/fs"

	"github.com/hookexec/hookexec/internal/dirs"
	"github.com/hookexec/hookexec/internal/registry"
	"github.com/hookexec/hookexec/internal/server"
	"github.com/hookexec/hookexec/internal/setup"
)

// httpInstall is install --http's server address and token: the token
// file's, created when missing (read only, under --dry-run).
func (a *app) httpInstall(addr string, dryRun bool) (*setup.HTTPOptions, error) {
	if addr == "" {
		addr = server.DefaultHTTPAddr()
	}
	path := server.TokenPath(a.userGetenv())
	var token string
	var err error
	if dryRun {
		token, err = server.ReadToken(path)
		if errors.Is(err, fs.ErrNotExist) {
			token, err = "0000000000000000000000000000000000000000000000000000000000000000", nil // never written
		}
	} else {
		token, err = server.EnsureToken(path)
	}
	if err != nil {
		return nil, err
	}
	return &setup.HTTPOptions{Addr: addr, Token: token}, nil
}

// userGetenv is the environment as it locates the user's own files
// (registry.SafeEnv): under an agent a location the repository could
// have set is ignored, so the tokens are the user's.
func (a *app) userGetenv() func(string) string {
	project, _ := dirs.ProjectRoot("", a.getenv, "")
	getenv, _ := registry.SafeEnv(a.getenv, project)
	return getenv
}

// adminToken is the user's admin token (server.AdminTokenPath), which
// stopping the server needs: made when missing if create, else "" when
// missing.
func (a *app) adminToken(getenv func(string) string, create bool) (string, error) {
	path, err := server.AdminTokenPath(getenv)
	if err != nil {
		return "", err
	}
	if create {
		return server.EnsureToken(path)
	}
	tok, err := server.ReadToken(path)
	if errors.Is(err, fs.ErrNotExist) {
		return "", nil
	}
	return tok, err
}

// serveProbe is what doctor checks an install --http's token and server
// with.
func (a *app) serveProbe() *setup.ServeProbe {
	p := &setup.ServeProbe{TokenPath: server.TokenPath(a.userGetenv())}
	p.Token, p.TokenErr = server.ReadToken(p.TokenPath)
	p.Probe = func(ctx context.Context, addr, token string) (string, setup.ServerState, error) {
		info, err := server.Probe(ctx, addr, token)
		switch {
		case err == nil:
			return info.Version, setup.ServerAnswers, nil
		case errors.Is(err, server.ErrNotRunning):
			return "", setup.ServerDown, err
		case errors.Is(err, server.ErrNotOurs):
			return "", setup.ServerForeign, err
		}
		return "", setup.ServerFailed, err
	}
	return p
}
