package fakeopenai

import (
	"encoding/json"
	"fmt"
	"io"
	"net"
	"net/http"
	"sync"
)

// Turn is one answer of the fake model on the Responses API: a shell
// command for Codex's exec_command tool, a patch for its apply_patch tool,
// or a final text.
type Turn struct {
	Shell string
	Patch string
	Text  string
}

// Responses is a fake OpenAI Responses API (POST /v1/responses, streamed
// as server-sent events) on 127.0.0.1, as Codex CLI speaks it: the n-th
// request gets the n-th turn of its script (the last one again when the
// script is done), and every request's body is kept, so that a test can
// see what reached the model.
type Responses struct {
	// URL is the base URL a client is configured with (".../v1").
	URL string

	srv      *http.Server
	ln       net.Listener
	mu       sync.Mutex
	script   []Turn
	requests [][]byte
}

// NewResponses starts the fake on a free port of 127.0.0.1.
func NewResponses(script ...Turn) (*Responses, error) {
	if len(script) == 0 {
		return nil, fmt.Errorf("fakeopenai: a Responses script needs at least one turn")
	}
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		return nil, fmt.Errorf("fakeopenai: %w", err)
	}
	r := &Responses{URL: "http://" + ln.Addr().String() + "/v1", ln: ln, script: script}
	mux := http.NewServeMux()
	mux.HandleFunc("POST /v1/responses", r.serve)
	r.srv = &http.Server{Handler: mux}
	go func() { _ = r.srv.Serve(ln) }()
	return r, nil
}

// Close stops the server.
func (r *Responses) Close() error { return r.srv.Close() }

// Requests are the bodies of the requests so far, in order.
func (r *Responses) Requests() [][]byte {
	r.mu.Lock()
	defer r.mu.Unlock()
	return append([][]byte(nil), r.requests...)
}

func (r *Responses) serve(w http.ResponseWriter, req *http.Request) {
	body, err := io.ReadAll(io.LimitReader(req.Body, 64<<20))
	if err != nil {
		http.Error(w, err.Error(), http.StatusBadRequest)
		return
	}
	r.mu.Lock()
	n := len(r.requests)
	r.requests = append(r.requests, body)
	turn := r.script[min(n, len(r.script)-1)]
	r.mu.Unlock()

	id := fmt.Sprintf("resp_%d", n+1)
	w.Header().Set("Content-Type", "text/event-stream")
	w.WriteHeader(http.StatusOK)
	send := func(typ string, fields map[string]any) {
		fields["type"] = typ
		data, _ := json.Marshal(fields)
		_, _ = fmt.Fprintf(w, "event: %s\ndata: %s\n\n", typ, data)
	}
	send("response.created", map[string]any{"response": map[string]any{"id": id}})
	send("response.output_item.done", map[string]any{"output_index": 0, "item": item(turn, n+1)})
	send("response.completed", map[string]any{"response": map[string]any{"id": id,
		"usage": map[string]any{"input_tokens": 1, "output_tokens": 1, "total_tokens": 2}}})
	if f, ok := w.(http.Flusher); ok {
		f.Flush()
	}
}

// item is the output item of turn, the n-th answer.
func item(turn Turn, n int) map[string]any {
	call := fmt.Sprintf("call_%d", n)
	switch {
	case turn.Shell != "":
		args, _ := json.Marshal(map[string]any{"cmd": turn.Shell})
		return map[string]any{"type": "function_call", "id": "fc_" + call, "call_id": call, "name": "exec_command", "arguments": string(args)}
	case turn.Patch != "":
		return map[string]any{"type": "custom_tool_call", "id": "ctc_" + call, "call_id": call, "name": "apply_patch", "input": turn.Patch}
	}
	return map[string]any{"type": "message", "role": "assistant", "id": "msg_" + call,
		"content": []any{map[string]any{"type": "output_text", "text": turn.Text, "annotations": []any{}}}}
}

// ModelInput is the "input" of a Responses request body as text: what the
// model was sent (instructions, prompts, tool results); "" when body is
// not such a request.
func ModelInput(body []byte) string {
	var req struct {
		Input json.RawMessage `json:"input"`
	}
	if json.Unmarshal(body, &req) != nil {
		return ""
	}
	return string(req.Input)
}
