package runner

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"net/http"
	"net/url"
	"strings"
	"sync/atomic"
	"time"
)

// HTTPRequest is the request of an http hook: Spec.Stdin, the bytes a
// command hook would read, is POSTed to URL with Header (values already
// expanded) and Content-Type: application/json.
type HTTPRequest struct {
	URL    string
	Header []HeaderField
	// Proxy is the proxy URL the request goes through ("" none); with
	// EnvProxy the environment's proxy variables (HTTPS_PROXY, NO_PROXY
	// ...) decide, and Proxy is used when they name none.
	Proxy    string
	EnvProxy bool
}

// proxyKey carries a request's HTTPRequest to the client's Proxy func.
type proxyKey struct{}

// proxyOf is the proxy of req: its HTTPRequest's (proxyKey), else none.
func proxyOf(req *http.Request) (*url.URL, error) {
	h, _ := req.Context().Value(proxyKey{}).(*HTTPRequest)
	if h == nil {
		return nil, nil
	}
	if h.EnvProxy {
		if u, err := http.ProxyFromEnvironment(req); u != nil || err != nil {
			return u, err
		}
	}
	if h.Proxy == "" {
		return nil, nil
	}
	u, err := url.Parse(h.Proxy)
	if err != nil {
		return nil, fmt.Errorf("proxy %q: %w", h.Proxy, err)
	}
	return u, nil
}

// HeaderField is one request header.
type HeaderField struct {
	Name, Value string
}

// post runs an http spec (SPEC §4.5 applies as to a process: the timeout,
// cancellation and KillAll abort the request). A response of any status
// is Exited with HTTPStatus and the body in Stdout, capped like a
// command's stdout; no response is RequestFailed. Redirects are never
// followed, as Claude Code follows none: a 3xx is returned as the answer.
func (r *Runner) post(ctx context.Context, spec Spec) Result {
	ctx, cancel := context.WithCancel(ctx)
	defer cancel()
	g := r.register(requestControl{cancel})
	defer r.unregister(g)
	var timedOut atomic.Bool
	if spec.Timeout > 0 {
		t := time.AfterFunc(spec.Timeout, func() { timedOut.Store(true); cancel() })
		defer t.Stop()
	}
	ended := func(err error) Result {
		switch {
		case g.killRequested() || ctx.Err() != nil && !timedOut.Load():
			return Result{Status: Cancelled, Started: true, ExitCode: -1, Err: err}
		case timedOut.Load():
			return Result{Status: TimedOut, Started: true, ExitCode: -1}
		}
		return Result{Status: RequestFailed, Started: true, ExitCode: -1, Err: err}
	}
	req, err := http.NewRequestWithContext(context.WithValue(ctx, proxyKey{}, spec.HTTP), http.MethodPost, spec.HTTP.URL, bytes.NewReader(spec.Stdin))
	if err != nil {
		return Result{Status: SpawnFailed, ExitCode: -1, Err: fmt.Errorf("http hook: %w", err)}
	}
	req.Header.Set("Content-Type", "application/json")
	for _, h := range spec.HTTP.Header {
		if strings.EqualFold(h.Name, "Host") {
			req.Host = h.Value
			continue
		}
		req.Header.Set(h.Name, h.Value)
	}
	resp, err := r.httpClient().Do(req)
	if err != nil {
		return ended(err)
	}
	defer func() { _ = resp.Body.Close() }() // what was read is the answer; closing adds nothing
	res := Result{Status: Exited, Started: true, ExitCode: -1, HTTPStatus: resp.StatusCode}
	res.Stdout, res.StdoutTruncated, res.StdoutDropped, err = readBody(resp.Body, r.opts.MaxOutput, spec.Budget)
	if err != nil {
		failed := ended(fmt.Errorf("reading the response: %w", err))
		failed.HTTPStatus, failed.Stdout = res.HTTPStatus, res.Stdout
		return failed
	}
	return res
}

// httpClient is the Runner's client for http hooks, made on first use (a
// fire without one does not build it). It follows no redirect and keeps
// no connection for later (a fire is one process); each request's
// HTTPRequest says which proxy it uses (proxyOf).
func (r *Runner) httpClient() *http.Client {
	r.httpOnce.Do(func() {
		r.http = &http.Client{
			Transport: &http.Transport{
				Proxy:             proxyOf,
				DisableKeepAlives: true,
				ForceAttemptHTTP2: true,
			},
			CheckRedirect: func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse },
		}
	})
	return r.http
}

// readBody keeps at most limit bytes of body, and no more than budget
// allows, as capture does for a stream; what is past that is read up to
// finalDrain more bytes (to count it) and dropped.
func readBody(body io.Reader, limit int64, budget *Budget) (kept []byte, truncated bool, dropped int64, err error) {
	room := min(budget.claim(), limit)
	if room < limit {
		room += budget.take(limit-room, limit-room)
	}
	var buf bytes.Buffer
	n, err := io.Copy(&buf, io.LimitReader(body, room))
	budget.release(room - n)
	if err != nil || n < room {
		return buf.Bytes(), false, 0, err
	}
	dropped, err = io.CopyN(io.Discard, body, finalDrain)
	if errors.Is(err, io.EOF) {
		err = nil
	}
	return buf.Bytes(), dropped > 0, dropped, err
}

// requestControl is an http spec's hold in the Runner's registry: KillAll
// aborts the request.
type requestControl struct{ cancel context.CancelFunc }

func (c requestControl) stop() bool  { c.cancel(); return true }
func (c requestControl) kill() bool  { c.cancel(); return false }
func (c requestControl) alive() bool { return false }
func (c requestControl) killFast()   { c.cancel() }
func (c requestControl) finish(bool) {}
