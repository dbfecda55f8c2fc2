package server

import (
	"context"
	"errors"
	"fmt"
	"log"
	"net"
	"net/http"
	"strconv"
	"time"
)

// Bounds of serve --http against clients that send slowly or too much.
const (
	// DefaultReadHeaderTimeout bounds the reading of a request's headers,
	// DefaultReadTimeout the reading of the whole request, body included
	// (slowloris).
	DefaultReadHeaderTimeout = 10 * time.Second
	DefaultReadTimeout       = 30 * time.Second
	// MaxHeaderBytes bounds a request's headers.
	MaxHeaderBytes = 64 << 10
	// httpIdleTimeout closes a kept-alive connection nobody uses.
	httpIdleTimeout = 5 * time.Minute
	// shutdownBound is how long a shutdown waits for the requests running
	// (cancelled: their hooks get SIGTERM, then SIGKILL after the kill
	// grace) before it closes their connections.
	shutdownBound = time.Minute
)

// HTTPOptions are serve --http's own settings.
type HTTPOptions struct {
	// Token is the secret every request but the health check must carry
	// (Authorization: Bearer TOKEN; ReadToken).
	Token string
	// AdminToken is the secret POST /v1/shutdown must carry besides Token
	// (AdminHeader; the serve-admin-token file of the user's state
	// directory, AdminTokenPath); "" refuses every shutdown over HTTP.
	AdminToken string
	// AllowRemote is --http-allow-remote: any Host header is accepted
	// (the listen address is checked by ListenHTTP).
	AllowRemote bool
	// IdleExit is --idle-exit: the server stops after that long with no
	// request running and none received; 0 never.
	IdleExit time.Duration
	// Version is hookexec's, for the health check.
	Version string
	// ReadHeaderTimeout and ReadTimeout default to DefaultReadHeaderTimeout
	// and DefaultReadTimeout.
	ReadHeaderTimeout, ReadTimeout time.Duration
}

// ListenHTTP listens on addr (HOST:PORT). Without allowRemote, HOST must
// be a loopback address (127.0.0.0/8, ::1) or localhost, and the address
// actually bound must be a loopback one: the server runs the user's hooks
// for whoever can reach it.
func ListenHTTP(addr string, allowRemote bool) (net.Listener, error) {
	if err := CheckHTTPAddr(addr, allowRemote); err != nil {
		return nil, err
	}
	ln, err := net.Listen("tcp", addr)
	if err != nil {
		return nil, fmt.Errorf("--http %q: %w", addr, err)
	}
	if tcp, ok := ln.Addr().(*net.TCPAddr); !allowRemote && (!ok || !tcp.IP.IsLoopback()) {
		_ = ln.Close()
		return nil, fmt.Errorf("--http %q: bound %s, which is not a loopback address", addr, ln.Addr())
	}
	return ln, nil
}

// CheckHTTPAddr is ListenHTTP's check of addr, without listening (serve
// --ensure checks the address before it starts a server there): HOST:PORT
// with a numeric port, and without allowRemote a loopback HOST.
func CheckHTTPAddr(addr string, allowRemote bool) error {
	host, port, err := net.SplitHostPort(addr)
	if err == nil {
		if _, perr := strconv.ParseUint(port, 10, 16); perr != nil {
			err = fmt.Errorf("port %q is not a number from 0 to 65535", port)
		}
	}
	if err != nil {
		return fmt.Errorf("--http %q: %w (want HOST:PORT, e.g. 127.0.0.1:41000)", addr, err)
	}
	if !allowRemote && !loopbackHost(host) {
		return fmt.Errorf("--http %q: not a loopback address; serving another address exposes your hooks to the network (use 127.0.0.1, [::1] or localhost, or --http-allow-remote if you mean it)", addr)
	}
	return nil
}

// loopbackHost reports whether host is localhost or a loopback IP
// literal.
func loopbackHost(host string) bool {
	if host == "localhost" {
		return true
	}
	ip := net.ParseIP(host)
	return ip != nil && ip.IsLoopback()
}

// ServeHTTPOn answers the HTTP routes (docs/serve.md) on ln until ctx is
// cancelled, POST /v1/shutdown is received or the server has been idle
// for o.IdleExit. It then stops accepting, cancels the events running
// (their hooks get SIGTERM, then SIGKILL after the kill grace), answers
// them and returns nil; or the error that stopped it from serving.
func (s *Server) ServeHTTPOn(ctx context.Context, ln net.Listener, o HTTPOptions) error {
	if o.Token == "" {
		return errors.New("serve --http: no token")
	}
	if o.ReadHeaderTimeout <= 0 {
		o.ReadHeaderTimeout = DefaultReadHeaderTimeout
	}
	if o.ReadTimeout <= 0 {
		o.ReadTimeout = DefaultReadTimeout
	}
	port := ""
	if tcp, ok := ln.Addr().(*net.TCPAddr); ok {
		port = strconv.Itoa(tcp.Port)
	}
	runCtx, cancelRuns := context.WithCancelCause(context.WithoutCancel(ctx))
	defer cancelRuns(nil)
	stop := make(chan struct{}, 1)
	stopNow := func() {
		select {
		case stop <- struct{}{}:
		default:
		}
	}
	idle := newIdleTimer(o.IdleExit, stopNow)
	defer idle.close()
	front := &httpFront{srv: s, opts: o, port: port, env: s.sessionFree(), idle: idle, shutdown: stopNow}
	hs := &http.Server{
		Handler:           front,
		ReadHeaderTimeout: o.ReadHeaderTimeout,
		ReadTimeout:       o.ReadTimeout,
		IdleTimeout:       httpIdleTimeout,
		MaxHeaderBytes:    MaxHeaderBytes,
		BaseContext:       func(net.Listener) context.Context { return runCtx },
		// net/http's own messages (a TLS handshake on the plain port, a
		// panic) go to the log at debug, never to stderr.
		ErrorLog: log.New(debugWriter{s}, "", 0),
	}
	served := make(chan error, 1)
	go func() { served <- hs.Serve(ln) }()
	s.opts.Log.Info().Str("addr", ln.Addr().String()).Msg("serving HTTP")
	select {
	case err := <-served:
		return fmt.Errorf("serve --http: %w", err)
	case <-ctx.Done():
	case <-stop:
	}
	s.opts.Log.Info().Msg("shutting down: cancelling the events running")
	done := make(chan error, 1)
	go func() {
		sctx, cancel := context.WithTimeout(context.Background(), shutdownBound)
		defer cancel()
		done <- hs.Shutdown(sctx)
	}()
	cancelRuns(errShutdown)
	if err := <-done; err != nil {
		_ = hs.Close()
	}
	// Serve returns http.ErrServerClosed once Shutdown or Close began.
	if err := <-served; !errors.Is(err, http.ErrServerClosed) {
		return fmt.Errorf("serve --http: %w", err)
	}
	return nil
}

// debugWriter writes net/http's error log at debug level.
type debugWriter struct{ s *Server }

func (d debugWriter) Write(p []byte) (int, error) {
	d.s.opts.Log.Debug().Str("from", "net/http").Msg(string(p))
	return len(p), nil
}
