//go:build e2e

package claude

import (
	"encoding/json"
	"fmt"
	"io"
	"net"
	"net/http"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/stretchr/testify/require"
)

// fakeAPI is a scripted Anthropic Messages API on 127.0.0.1. It records
// every request. A main-loop request (one that offers the Bash tool) whose
// conversation holds K tool calls is answered with the script's call K
// while there is one; every other main-loop request with the text "done: N"
// (N counts the main-loop requests) and end_turn. Side requests (titles,
// summaries, anything without the Bash tool) get a short text and do not
// advance the script.
type fakeAPI struct {
	URL    string
	script []scriptedCall
	// beforeMain, when set, runs before a main-loop request is answered,
	// with the number of tool calls its conversation holds.
	beforeMain func(calls int)

	srv *http.Server

	mu       sync.Mutex
	requests []apiRequest
	main     int
}

// apiRequest is one request Claude made, and what the fake answered.
type apiRequest struct {
	At       time.Time       `json:"at"`
	Method   string          `json:"method"`
	Path     string          `json:"path"`
	Main     bool            `json:"main"`
	Answer   string          `json:"answer"`
	Body     json.RawMessage `json:"body,omitempty"`
	BodyText string          `json:"bodyText,omitempty"`

	// Sent is when the answer was written out.
	Sent time.Time `json:"sent"`

	parsed messagesRequest
}

// scriptedCall is one tool call the fake model asks for.
type scriptedCall struct {
	name  string
	input map[string]any
}

// messagesRequest is the part of a Messages API request the fake reads.
type messagesRequest struct {
	Stream   bool      `json:"stream"`
	Tools    []tool    `json:"tools"`
	Messages []message `json:"messages"`
}

type tool struct {
	Name string `json:"name"`
}

type message struct {
	Role    string          `json:"role"`
	Content json.RawMessage `json:"content"`
}

// block is one content block of a message; Content is a tool_result's
// content (a string or a list of blocks).
type block struct {
	Type      string          `json:"type"`
	Text      string          `json:"text"`
	ID        string          `json:"id"`
	Name      string          `json:"name"`
	Input     json.RawMessage `json:"input"`
	ToolUseID string          `json:"tool_use_id"`
	Content   json.RawMessage `json:"content"`
	IsError   bool            `json:"is_error"`
}

// blocks is a message's content as blocks (a plain string is one text
// block).
func (m message) blocks() []block {
	var s string
	if json.Unmarshal(m.Content, &s) == nil {
		return []block{{Type: "text", Text: s}}
	}
	var bs []block
	_ = json.Unmarshal(m.Content, &bs)
	return bs
}

// text is a tool_result's content as text.
func (b block) text() string {
	var s string
	if json.Unmarshal(b.Content, &s) == nil {
		return s
	}
	var parts []string
	var bs []block
	_ = json.Unmarshal(b.Content, &bs)
	for _, p := range bs {
		parts = append(parts, p.Text)
	}
	return strings.Join(parts, "\n")
}

func (r messagesRequest) isMain() bool {
	for _, t := range r.Tools {
		if t.Name == "Bash" {
			return true
		}
	}
	return false
}

// toolCalls counts the tool calls of the conversation.
func (r messagesRequest) toolCalls() int {
	n := 0
	for _, m := range r.Messages {
		if m.Role != "assistant" {
			continue
		}
		for _, b := range m.blocks() {
			if b.Type == "tool_use" {
				n++
			}
		}
	}
	return n
}

// startFakeAPI listens on 127.0.0.1 (never any other address) until the
// test ends, and asks for one call of toolName (Bash when "") with
// toolInput, or for none when toolInput is nil.
func startFakeAPI(t *testing.T, toolName string, toolInput map[string]any) *fakeAPI {
	t.Helper()
	if toolName == "" {
		toolName = "Bash"
	}
	var script []scriptedCall
	if toolInput != nil {
		script = []scriptedCall{{name: toolName, input: toolInput}}
	}
	return startScriptedAPI(t, script, nil)
}

// startScriptedAPI is startFakeAPI with a script of any length, and a
// function to run before each main-loop request is answered (or nil).
func startScriptedAPI(t *testing.T, script []scriptedCall, beforeMain func(calls int)) *fakeAPI {
	t.Helper()
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	require.NoError(t, err)
	f := &fakeAPI{URL: "http://" + ln.Addr().String(), script: script, beforeMain: beforeMain}
	f.srv = &http.Server{Handler: http.HandlerFunc(f.serve), ReadHeaderTimeout: 10 * time.Second}
	go func() { _ = f.srv.Serve(ln) }()
	t.Cleanup(func() { _ = f.srv.Close() })
	return f
}

// Requests is a copy of what was recorded so far.
func (f *fakeAPI) Requests() []apiRequest {
	f.mu.Lock()
	defer f.mu.Unlock()
	return append([]apiRequest(nil), f.requests...)
}

func (f *fakeAPI) serve(w http.ResponseWriter, r *http.Request) {
	body, _ := io.ReadAll(r.Body)
	rec := apiRequest{At: time.Now(), Method: r.Method, Path: r.URL.Path}
	if json.Valid(body) {
		rec.Body = body
	} else if len(body) > 0 {
		rec.BodyText = string(body)
	}
	switch {
	case r.Method == http.MethodPost && r.URL.Path == "/v1/messages":
		f.messages(w, rec, body)
	case r.Method == http.MethodPost && r.URL.Path == "/v1/messages/count_tokens":
		rec.Answer = "count_tokens"
		f.record(rec)
		writeJSON(w, map[string]any{"input_tokens": 100})
	case r.URL.Path == "/v1/models" || strings.HasPrefix(r.URL.Path, "/v1/models/"):
		rec.Answer = "models"
		f.record(rec)
		writeJSON(w, map[string]any{"data": []any{}, "has_more": false, "first_id": nil, "last_id": nil})
	default:
		rec.Answer = "404"
		f.record(rec)
		w.Header().Set("Content-Type", "application/json")
		w.WriteHeader(http.StatusNotFound)
		_, _ = io.WriteString(w, `{"type":"error","error":{"type":"not_found_error","message":"not in the fake API"}}`)
	}
}

func (f *fakeAPI) record(rec apiRequest) {
	f.mu.Lock()
	defer f.mu.Unlock()
	f.requests = append(f.requests, rec)
}

func (f *fakeAPI) messages(w http.ResponseWriter, rec apiRequest, body []byte) {
	var req messagesRequest
	if err := json.Unmarshal(body, &req); err != nil {
		rec.Answer = "400"
		f.record(rec)
		http.Error(w, err.Error(), http.StatusBadRequest)
		return
	}
	rec.parsed = req
	var content []block
	stop := "end_turn"
	calls := req.toolCalls()
	if req.isMain() && f.beforeMain != nil {
		f.beforeMain(calls)
	}
	f.mu.Lock()
	switch {
	case !req.isMain():
		content = []block{{Type: "text", Text: "ok"}}
		rec.Answer = "side: text"
	default:
		f.main++
		rec.Main = true
		if calls < len(f.script) {
			c := f.script[calls]
			in, _ := json.Marshal(c.input)
			content = []block{{Type: "tool_use", ID: fmt.Sprintf("toolu_e2e_%d", f.main), Name: c.name, Input: in}}
			stop = "tool_use"
			rec.Answer = "tool_use " + c.name + " " + string(in)
		} else {
			text := fmt.Sprintf("done: %d", f.main)
			content = []block{{Type: "text", Text: text}}
			rec.Answer = "text " + text
		}
	}
	f.requests = append(f.requests, rec)
	n := len(f.requests)
	f.mu.Unlock()
	defer f.sent(n - 1)
	id := fmt.Sprintf("msg_e2e_%d", n)
	if !req.Stream {
		out := []map[string]any{}
		for _, c := range content {
			if c.Type == "text" {
				out = append(out, map[string]any{"type": "text", "text": c.Text})
			} else {
				out = append(out, map[string]any{"type": "tool_use", "id": c.ID, "name": c.Name, "input": c.Input})
			}
		}
		writeJSON(w, map[string]any{
			"id": id, "type": "message", "role": "assistant", "model": "claude-e2e",
			"content": out, "stop_reason": stop, "stop_sequence": nil,
			"usage": map[string]any{"input_tokens": 100, "output_tokens": 10},
		})
		return
	}
	w.Header().Set("Content-Type", "text/event-stream")
	w.Header().Set("Cache-Control", "no-cache")
	sse(w, "message_start", map[string]any{"type": "message_start", "message": map[string]any{
		"id": id, "type": "message", "role": "assistant", "model": "claude-e2e",
		"content": []any{}, "stop_reason": nil, "stop_sequence": nil,
		"usage": map[string]any{"input_tokens": 100, "output_tokens": 1},
	}})
	for i, c := range content {
		if c.Type == "text" {
			sse(w, "content_block_start", map[string]any{"type": "content_block_start", "index": i,
				"content_block": map[string]any{"type": "text", "text": ""}})
			sse(w, "content_block_delta", map[string]any{"type": "content_block_delta", "index": i,
				"delta": map[string]any{"type": "text_delta", "text": c.Text}})
		} else {
			sse(w, "content_block_start", map[string]any{"type": "content_block_start", "index": i,
				"content_block": map[string]any{"type": "tool_use", "id": c.ID, "name": c.Name, "input": map[string]any{}}})
			sse(w, "content_block_delta", map[string]any{"type": "content_block_delta", "index": i,
				"delta": map[string]any{"type": "input_json_delta", "partial_json": string(c.Input)}})
		}
		sse(w, "content_block_stop", map[string]any{"type": "content_block_stop", "index": i})
	}
	sse(w, "message_delta", map[string]any{"type": "message_delta",
		"delta": map[string]any{"stop_reason": stop, "stop_sequence": nil},
		"usage": map[string]any{"output_tokens": 10}})
	sse(w, "message_stop", map[string]any{"type": "message_stop"})
}

// sent records that the answer to request i is written out.
func (f *fakeAPI) sent(i int) {
	f.mu.Lock()
	defer f.mu.Unlock()
	f.requests[i].Sent = time.Now()
}

func sse(w http.ResponseWriter, event string, data any) {
	b, _ := json.Marshal(data)
	_, _ = fmt.Fprintf(w, "event: %s\ndata: %s\n\n", event, b)
	if fl, ok := w.(http.Flusher); ok {
		fl.Flush()
	}
}

func writeJSON(w http.ResponseWriter, v any) {
	w.Header().Set("Content-Type", "application/json")
	_ = json.NewEncoder(w).Encode(v)
}
