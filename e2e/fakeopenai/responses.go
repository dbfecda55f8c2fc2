package fakeopenai

import (
	"encoding/json"
	"fmt"
	"net/http"
	"time"
)

// PatchTool is the name of Codex's apply_patch tool, a "custom" tool of the
// Responses API whose input is the patch's text rather than JSON: a
// scripted Call(PatchTool, {"input": PATCH}) is answered as a
// custom_tool_call with that input.
const PatchTool = "apply_patch"

// responsesRequest is the part of a Responses API request the fake reads.
type responsesRequest struct {
	Model        string            `json:"model"`
	Stream       bool              `json:"stream"`
	Instructions string            `json:"instructions"`
	Tools        []json.RawMessage `json:"tools"`
	Input        json.RawMessage   `json:"input"`
}

// responsesItem is one item of a request's input: a message, a tool call
// the model made, or a tool's output.
type responsesItem struct {
	Type      string          `json:"type"`
	Role      string          `json:"role"`
	Content   json.RawMessage `json:"content"`
	Name      string          `json:"name"`
	Arguments string          `json:"arguments"`
	Input     string          `json:"input"`
	CallID    string          `json:"call_id"`
	Output    json.RawMessage `json:"output"`
}

// decode is the item as a Message; false for an item that is none
// (reasoning).
func (it responsesItem) decode() (Message, bool) {
	switch it.Type {
	case "message", "":
		return Message{Role: it.Role, Text: contentText(it.Content)}, it.Role != ""
	case "function_call", "custom_tool_call":
		args := json.RawMessage(it.Arguments)
		if it.Type == "custom_tool_call" || !json.Valid(args) {
			args, _ = json.Marshal(map[string]any{"input": it.Input + it.Arguments})
		}
		return Message{Role: "assistant", ToolCalls: []ToolCall{{ID: it.CallID, Name: it.Name, Arguments: args}}}, true
	case "function_call_output", "custom_tool_call_output":
		return Message{Role: "tool", Text: contentText(it.Output), ToolCallID: it.CallID}, true
	}
	return Message{}, false
}

// responses answers POST /v1/responses, the OpenAI Responses API as Codex
// CLI streams it: response.created, one response.output_item.done (the
// tool call or the message), response.completed.
func (s *Server) responses(w http.ResponseWriter, r *http.Request) {
	rec, body := begin(r)
	var req responsesRequest
	if err := json.Unmarshal(body, &req); err != nil {
		s.refuse(w, rec, fmt.Errorf("responses: the body is not a request: %w", err))
		return
	}
	rec.Model, rec.Stream = req.Model, req.Stream
	for _, raw := range req.Tools {
		var t struct {
			Name string `json:"name"`
		}
		if json.Unmarshal(raw, &t) == nil && t.Name != "" {
			rec.Tools = append(rec.Tools, t.Name)
		}
	}
	if req.Instructions != "" {
		rec.Messages = append(rec.Messages, Message{Role: "system", Text: req.Instructions})
	}
	var items []responsesItem
	if err := json.Unmarshal(req.Input, &items); err != nil {
		var text string
		if json.Unmarshal(req.Input, &text) != nil {
			s.refuse(w, rec, fmt.Errorf("responses: input is neither a list nor a text: %w", err))
			return
		}
		items = []responsesItem{{Type: "message", Role: "user", Content: req.Input}}
	}
	for _, it := range items {
		if m, ok := it.decode(); ok {
			rec.Messages = append(rec.Messages, m)
		}
	}
	t := s.next(rec)

	id := fmt.Sprintf("resp_fake_%d", time.Now().UnixNano())
	var item map[string]any
	switch {
	case t.tool != nil && t.tool.Name == PatchTool:
		var args struct {
			Input string `json:"input"`
		}
		_ = json.Unmarshal(t.tool.Arguments, &args)
		item = map[string]any{"type": "custom_tool_call", "id": "ctc_" + t.tool.ID, "call_id": t.tool.ID, "name": t.tool.Name, "input": args.Input}
	case t.tool != nil:
		item = map[string]any{"type": "function_call", "id": "fc_" + t.tool.ID, "call_id": t.tool.ID, "name": t.tool.Name, "arguments": string(t.tool.Arguments)}
	default:
		item = map[string]any{"type": "message", "role": "assistant", "id": "msg_" + id,
			"content": []any{map[string]any{"type": "output_text", "text": t.text, "annotations": []any{}}}}
	}
	startSSE(w)
	writeSSE(w, "response.created", map[string]any{"type": "response.created", "response": map[string]any{"id": id, "model": s.script.Model}})
	writeSSE(w, "response.output_item.done", map[string]any{"type": "response.output_item.done", "output_index": 0, "item": item})
	writeSSE(w, "response.completed", map[string]any{"type": "response.completed", "response": map[string]any{"id": id, "model": s.script.Model,
		"usage": map[string]any{"input_tokens": 100, "output_tokens": 10, "total_tokens": 110}}})
}
