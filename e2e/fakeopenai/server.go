package fakeopenai

import (
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net"
	"net/http"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"
)

// ToolCall is one tool call: the scripted ones (Name and Arguments) and the
// ones a request's conversation holds (with the ID the agent echoed).
type ToolCall struct {
	ID        string          `json:"id,omitempty"`
	Name      string          `json:"name"`
	Arguments json.RawMessage `json:"arguments"`
}

// Call is a scripted tool call named name with args as its JSON arguments.
// Arguments that cannot be encoded are left empty, and Listen refuses the
// script.
func Call(name string, args map[string]any) ToolCall {
	b, err := json.Marshal(args)
	if err != nil {
		return ToolCall{Name: name}
	}
	return ToolCall{Name: name, Arguments: b}
}

// Script is what the fake model does.
type Script struct {
	// Tools are the tool calls of the first turns, one per turn: a main
	// request whose conversation already holds N tool calls is answered
	// with Tools[N]. Empty: every main request gets the final text.
	Tools []ToolCall
	// Final is the answer once every tool call was made ("done" when
	// empty).
	Final string
	// Side is the answer to side requests ("ok" when empty).
	Side string
	// Model is the model's name in answers and GET /v1/models ("fake-model"
	// when empty).
	Model string
}

func (s Script) validate() error {
	for i, c := range s.Tools {
		if c.Name == "" {
			return fmt.Errorf("fakeopenai: scripted tool call %d has no name", i)
		}
		var obj map[string]any
		if err := json.Unmarshal(c.Arguments, &obj); err != nil || obj == nil {
			return fmt.Errorf("fakeopenai: scripted tool call %d (%s): arguments are not a JSON object: %q", i, c.Name, c.Arguments)
		}
	}
	return nil
}

// Message is one message of a request's conversation, decoded: the role as
// the wire format names it ("system", "developer", "user", "assistant",
// "tool"), its text (parts joined by newlines), an assistant's tool calls
// and, for a tool result, the call it answers.
type Message struct {
	Role       string     `json:"role"`
	Text       string     `json:"text,omitempty"`
	ToolCalls  []ToolCall `json:"toolCalls,omitempty"`
	ToolCallID string     `json:"toolCallId,omitempty"`
}

// Request is one request the agent made and what the fake answered.
type Request struct {
	At     time.Time `json:"at"`
	Method string    `json:"method"`
	Path   string    `json:"path"`
	// Body is the request's body when it is JSON; BodyText otherwise.
	Body     json.RawMessage `json:"body,omitempty"`
	BodyText string          `json:"bodyText,omitempty"`
	// Decoded from the body by the wire format's handler.
	Model    string    `json:"model,omitempty"`
	Stream   bool      `json:"stream,omitempty"`
	Tools    []string  `json:"tools,omitempty"`
	Messages []Message `json:"messages,omitempty"`
	// Main is true for a request that offers the script's first tool.
	Main bool `json:"main,omitempty"`
	// Answer is what the fake answered, in short ("tool NAME ARGS",
	// "text ...", "side ...", "models", "404", "400: ...").
	Answer string `json:"answer"`
}

// ToolResults are the texts of the tool results the request carried.
func (r Request) ToolResults() []string { return r.Texts("tool") }

// Texts are the texts of the request's messages with the given role.
func (r Request) Texts(role string) []string {
	var out []string
	for _, m := range r.Messages {
		if m.Role == role {
			out = append(out, m.Text)
		}
	}
	return out
}

// turn is the fake's answer to one request: a tool call, or text.
type turn struct {
	tool *ToolCall
	text string
	side bool
}

// Server is a running fake model server.
type Server struct {
	// URL is the server's base, "http://127.0.0.1:PORT"; the API is under
	// URL + "/v1".
	URL string

	script Script
	srv    *http.Server

	mu       sync.Mutex
	requests []Request
	calls    int
}

// Listen starts a server for script on 127.0.0.1 (never any other
// address). Close stops it.
func Listen(script Script) (*Server, error) {
	if err := script.validate(); err != nil {
		return nil, err
	}
	if script.Final == "" {
		script.Final = "done"
	}
	if script.Side == "" {
		script.Side = "ok"
	}
	if script.Model == "" {
		script.Model = "fake-model"
	}
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		return nil, fmt.Errorf("fakeopenai: listen on 127.0.0.1: %w", err)
	}
	s := &Server{URL: "http://" + ln.Addr().String(), script: script}
	mux := http.NewServeMux()
	mux.HandleFunc("POST /v1/chat/completions", s.chat)
	mux.HandleFunc("POST /v1/responses", s.responses)
	mux.HandleFunc("GET /v1/models", s.models)
	mux.HandleFunc("/", s.notFound)
	s.srv = &http.Server{Handler: mux, ReadHeaderTimeout: 10 * time.Second}
	go func() { _ = s.srv.Serve(ln) }()
	return s, nil
}

// Start is Listen for a test: it fails the test on an error and stops the
// server when the test ends.
func Start(tb testing.TB, script Script) *Server {
	tb.Helper()
	s, err := Listen(script)
	if err != nil {
		tb.Fatal(err)
	}
	tb.Cleanup(func() { _ = s.Close() })
	return s
}

// Close stops the server and drops its connections.
func (s *Server) Close() error {
	if err := s.srv.Close(); err != nil && !errors.Is(err, http.ErrServerClosed) {
		return fmt.Errorf("fakeopenai: close: %w", err)
	}
	return nil
}

// Requests is a copy of every request recorded so far, in arrival order.
func (s *Server) Requests() []Request {
	s.mu.Lock()
	defer s.mu.Unlock()
	return append([]Request(nil), s.requests...)
}

// Main is the main requests recorded so far.
func (s *Server) Main() []Request {
	var out []Request
	for _, r := range s.Requests() {
		if r.Main {
			out = append(out, r)
		}
	}
	return out
}

// Saw reports whether text occurs in a message of any main request: what
// reached the model (a deny reason, a context, the prompt).
func (s *Server) Saw(text string) bool { return s.Message(text) != "" }

// Message is the first message of a main request that holds text, ""
// when none does.
func (s *Server) Message(text string) string {
	for _, r := range s.Main() {
		for _, m := range r.Messages {
			if strings.Contains(m.Text, text) {
				return m.Text
			}
		}
	}
	return ""
}

// Calls is how many scripted tool calls the fake answered.
func (s *Server) Calls() int {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.calls
}

// begin reads a request's body into a record.
func begin(r *http.Request) (Request, []byte) {
	body, _ := io.ReadAll(io.LimitReader(r.Body, 64<<20))
	rec := Request{At: time.Now(), Method: r.Method, Path: r.URL.Path}
	if json.Valid(body) {
		rec.Body = body
	} else if len(body) > 0 {
		rec.BodyText = string(body)
	}
	return rec, body
}

// next decides the answer to a decoded request and records it: a request
// that offers the script's first tool (or any tool, when the script has
// none) is a main request and gets the next tool call or the final text.
func (s *Server) next(rec Request) turn {
	rec.Main = s.offersScriptedTool(rec.Tools)
	var t turn
	switch {
	case !rec.Main:
		t = turn{text: s.script.Side, side: true}
		rec.Answer = "side " + t.text
	default:
		made := 0
		for _, m := range rec.Messages {
			made += len(m.ToolCalls)
		}
		if made < len(s.script.Tools) {
			c := s.script.Tools[made]
			t = turn{tool: &c}
			rec.Answer = "tool " + c.Name + " " + string(c.Arguments)
		} else {
			t = turn{text: s.script.Final}
			rec.Answer = "text " + t.text
		}
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	if t.tool != nil {
		s.calls++
		c := *t.tool
		c.ID = fmt.Sprintf("call_fake_%d", s.calls)
		t.tool = &c
	}
	s.requests = append(s.requests, rec)
	return t
}

func (s *Server) offersScriptedTool(tools []string) bool {
	if len(s.script.Tools) == 0 {
		return len(tools) > 0
	}
	for _, name := range tools {
		if name == s.script.Tools[0].Name {
			return true
		}
	}
	return false
}

func (s *Server) record(rec Request) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.requests = append(s.requests, rec)
}

func (s *Server) models(w http.ResponseWriter, r *http.Request) {
	rec, _ := begin(r)
	rec.Answer = "models"
	s.record(rec)
	writeJSON(w, http.StatusOK, map[string]any{"object": "list", "data": []any{
		map[string]any{"id": s.script.Model, "object": "model", "created": 0, "owned_by": "fake"},
	}})
}

func (s *Server) notFound(w http.ResponseWriter, r *http.Request) {
	rec, _ := begin(r)
	rec.Answer = "404"
	s.record(rec)
	writeError(w, http.StatusNotFound, "not_found", "not in the fake model API: "+r.Method+" "+r.URL.Path)
}

// refuse records a request the fake could not read and answers 400.
func (s *Server) refuse(w http.ResponseWriter, rec Request, err error) {
	rec.Answer = "400: " + err.Error()
	s.record(rec)
	writeError(w, http.StatusBadRequest, "invalid_request_error", err.Error())
}

func writeJSON(w http.ResponseWriter, status int, v any) {
	w.Header().Set("Content-Type", "application/json")
	w.WriteHeader(status)
	_ = json.NewEncoder(w).Encode(v)
}

func writeError(w http.ResponseWriter, status int, kind, msg string) {
	writeJSON(w, status, map[string]any{"error": map[string]any{"message": msg, "type": kind, "code": nil}})
}

// startSSE begins a server-sent-event stream.
func startSSE(w http.ResponseWriter) {
	w.Header().Set("Content-Type", "text/event-stream")
	w.Header().Set("Cache-Control", "no-cache")
	w.WriteHeader(http.StatusOK)
}

// writeSSE writes one event (no "event:" line when event is empty) with
// data as JSON, or as is when it is a string, and flushes it.
func writeSSE(w http.ResponseWriter, event string, data any) {
	var payload []byte
	if s, ok := data.(string); ok {
		payload = []byte(s)
	} else {
		payload, _ = json.Marshal(data)
	}
	if event != "" {
		_, _ = fmt.Fprintf(w, "event: %s\n", event)
	}
	_, _ = fmt.Fprintf(w, "data: %s\n\n", payload)
	if fl, ok := w.(http.Flusher); ok {
		fl.Flush()
	}
}

// WriteRequests writes reqs to dir/requests.json and returns one line
// per request for a run's index: its time, method, path, whether it was a
// main-loop request and what the fake answered.
func WriteRequests(dir string, reqs []Request) (string, error) {
	b, err := json.MarshalIndent(reqs, "", "  ")
	if err != nil {
		return "", err
	}
	if err := os.WriteFile(filepath.Join(dir, "requests.json"), b, 0o644); err != nil {
		return "", err
	}
	var idx strings.Builder
	for i, r := range reqs {
		fmt.Fprintf(&idx, "%02d %s %s %s main=%v answer=%s\n", i+1, r.At.Format("15:04:05.000"), r.Method, r.Path, r.Main, r.Answer)
	}
	return idx.String(), nil
}
