package server

import (
	"encoding/hex"
	"encoding/json"
	"errors"
	"io"
	"net/http"
	"os"
	"path/filepath"
	"strings"
	"time"

	"github.com/hookexec/hookexec/internal/agents"
	"github.com/hookexec/hookexec/internal/event"
)

// ProjectDirHeader is the header that names the agent session's project
// directory (the agent's $CLAUDE_PROJECT_DIR, ...).
const ProjectDirHeader = "Hookexec-Project-Dir"

// maxNonce bounds the health check's nonce (hex characters).
const maxNonce = 256

// httpFront is the HTTP side of a Server: routes, checks, answers.
type httpFront struct {
	srv      *Server
	opts     HTTPOptions
	port     string // the listening port, which the Host header must name
	env      sessionFree
	idle     *idleTimer
	shutdown func()
}

// route is one of the server's routes.
type route int

const (
	routeNone route = iota
	routeEvent
	routeHealth
	routeShutdown
)

// routeOf is the route of path, and for an event the format and event
// named in it. Nothing is cleaned or redirected: any other path is 404.
func routeOf(path string) (rt route, format, ev string) {
	switch path {
	case "/v1/health":
		return routeHealth, "", ""
	case "/v1/shutdown":
		return routeShutdown, "", ""
	}
	rest, ok := strings.CutPrefix(path, "/v1/")
	if !ok {
		return routeNone, "", ""
	}
	format, ev, ok = strings.Cut(rest, "/")
	if !ok || format == "" || ev == "" || strings.Contains(ev, "/") {
		return routeNone, "", ""
	}
	return routeEvent, format, ev
}

func (f *httpFront) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	f.idle.begin()
	defer f.idle.end()
	start := time.Now()
	status := f.serve(w, r)
	// The path and the status only: never a header (the token) or a body.
	f.srv.opts.Log.Debug().Str("method", r.Method).Str("path", r.URL.Path).Int("status", status).Dur("took", time.Since(start)).Msg("http request")
}

// serve answers r and returns the status it answered with.
func (f *httpFront) serve(w http.ResponseWriter, r *http.Request) int {
	rt, format, evName := routeOf(r.URL.Path)
	want := http.MethodPost
	if rt == routeHealth {
		want = http.MethodGet
	}
	switch {
	case rt == routeNone:
		return writeError(w, http.StatusNotFound, "not_found", "no such route: POST /v1/FORMAT/EVENT, GET /v1/health or POST /v1/shutdown")
	case r.Method != want:
		w.Header().Set("Allow", want)
		return writeError(w, http.StatusMethodNotAllowed, "method_not_allowed", "use "+want)
	}
	checks := []func(*http.Request) (int, string){f.checkHost, checkOrigin}
	if rt != routeHealth {
		checks = append(checks, f.checkToken)
	}
	switch rt {
	case routeEvent:
		checks = append(checks, checkContentType)
	case routeShutdown:
		checks = append(checks, f.checkAdmin)
	}
	for _, check := range checks {
		if status, msg := check(r); status != 0 {
			return writeError(w, status, codeOf(status), msg)
		}
	}
	switch rt {
	case routeHealth:
		return f.health(w, r)
	case routeShutdown:
		f.srv.opts.Log.Info().Msg("shutdown requested over HTTP")
		status := writeJSONBody(w, http.StatusOK, map[string]bool{"shutdown": true})
		f.shutdown()
		return status
	}
	return f.event(w, r, format, evName)
}

// health answers GET /v1/health?nonce=HEX: the version, the pid and the
// proof that this server holds the user's token (Proof), without the
// token.
func (f *httpFront) health(w http.ResponseWriter, r *http.Request) int {
	nonce := r.URL.Query().Get("nonce")
	if _, err := hex.DecodeString(nonce); err != nil || len(nonce) > maxNonce {
		return writeError(w, http.StatusBadRequest, "bad_request", "nonce must be hexadecimal, at most 256 characters")
	}
	body := struct {
		Hookexec string `json:"hookexec"`
		PID      int    `json:"pid"`
		Proof    string `json:"proof,omitempty"`
	}{f.opts.Version, os.Getpid(), ""}
	if nonce != "" {
		body.Proof = Proof(f.opts.Token, nonce)
	}
	return writeJSONBody(w, http.StatusOK, body)
}

// event answers POST /v1/FORMAT/EVENT: the event fired as `hookexec fire
// EVENT --format FORMAT` fires it, with the session's project directory.
func (f *httpFront) event(w http.ResponseWriter, r *http.Request, format, evName string) int {
	fm, err := agents.ParseFormat(format)
	if err != nil {
		return writeError(w, http.StatusBadRequest, CodeBadRequest, err.Error())
	}
	project := r.Header.Get(ProjectDirHeader)
	if project != "" && (!filepath.IsAbs(project) || strings.ContainsRune(project, 0)) {
		return writeError(w, http.StatusBadRequest, CodeBadRequest, ProjectDirHeader+" must be an absolute path")
	}
	if r.ContentLength > event.MaxInputSize {
		return writeError(w, http.StatusRequestEntityTooLarge, CodeTooLarge, "the event is larger than the server reads")
	}
	body, err := io.ReadAll(http.MaxBytesReader(w, r.Body, event.MaxInputSize))
	if err != nil {
		var tooLarge *http.MaxBytesError
		if errors.As(err, &tooLarge) {
			return writeError(w, http.StatusRequestEntityTooLarge, CodeTooLarge, "the event is larger than the server reads")
		}
		return writeError(w, http.StatusBadRequest, CodeBadRequest, "reading the event: "+err.Error())
	}
	if !json.Valid(body) {
		return writeError(w, http.StatusBadRequest, CodeInputError, "the event is not JSON")
	}
	req := &Request{CorrelationID: "http", EventName: evName, Input: body, Format: string(fm)}
	o := f.srv.run(r.Context(), req, f.env.envFor(fm, project))
	defer f.srv.record(o) // after the answer is written
	a := f.srv.httpAnswer(o)
	if a.problem != nil {
		return writeError(w, a.status, a.problem.Code, a.problem.Message)
	}
	w.Header().Set("Content-Type", a.contentType)
	w.WriteHeader(a.status)
	_, _ = w.Write(a.body)
	if fl, ok := w.(http.Flusher); ok {
		fl.Flush() // the answer first, then the decision log
	}
	return a.status
}

// codeOf is the error code of a refusal's status.
func codeOf(status int) string {
	switch status {
	case http.StatusUnauthorized:
		return "unauthorized"
	case http.StatusForbidden:
		return "forbidden"
	case http.StatusUnsupportedMediaType:
		return "unsupported_media_type"
	}
	return CodeBadRequest
}

// writeError answers status with {"error":{"code":...,"message":...}}.
func writeError(w http.ResponseWriter, status int, code, msg string) int {
	return writeJSONBody(w, status, struct {
		Error Error `json:"error"`
	}{Error{code, msg}})
}

func writeJSONBody(w http.ResponseWriter, status int, v any) int {
	h := w.Header()
	h.Set("Content-Type", "application/json")
	h.Set("X-Content-Type-Options", "nosniff")
	h.Set("Cache-Control", "no-store")
	w.WriteHeader(status)
	enc := json.NewEncoder(w)
	enc.SetEscapeHTML(false)
	_ = enc.Encode(v)
	return status
}
