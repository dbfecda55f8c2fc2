package fakeopenai

import (
	"encoding/json"
	"fmt"
	"net/http"
	"strings"
	"time"
)

// chatRequest is the part of a chat-completions request the fake reads.
type chatRequest struct {
	Model         string `json:"model"`
	Stream        bool   `json:"stream"`
	StreamOptions *struct {
		IncludeUsage bool `json:"include_usage"`
	} `json:"stream_options"`
	Tools []struct {
		Type     string `json:"type"`
		Function struct {
			Name string `json:"name"`
		} `json:"function"`
	} `json:"tools"`
	Messages []chatMessage `json:"messages"`
}

type chatMessage struct {
	Role       string          `json:"role"`
	Content    json.RawMessage `json:"content"`
	ToolCallID string          `json:"tool_call_id"`
	ToolCalls  []struct {
		ID       string `json:"id"`
		Function struct {
			Name      string `json:"name"`
			Arguments string `json:"arguments"`
		} `json:"function"`
	} `json:"tool_calls"`
}

// contentText is a message's content as text: a string, or the text parts
// of a list joined by newlines.
func contentText(raw json.RawMessage) string {
	var s string
	if json.Unmarshal(raw, &s) == nil {
		return s
	}
	var parts []struct {
		Type string `json:"type"`
		Text string `json:"text"`
	}
	_ = json.Unmarshal(raw, &parts)
	texts := make([]string, 0, len(parts))
	for _, p := range parts {
		if p.Text != "" {
			texts = append(texts, p.Text)
		}
	}
	return strings.Join(texts, "\n")
}

func (m chatMessage) decode() Message {
	out := Message{Role: m.Role, Text: contentText(m.Content), ToolCallID: m.ToolCallID}
	for _, c := range m.ToolCalls {
		args := json.RawMessage(c.Function.Arguments)
		if !json.Valid(args) {
			// Kept as a JSON string, so the record stays JSON.
			args, _ = json.Marshal(c.Function.Arguments)
		}
		out.ToolCalls = append(out.ToolCalls, ToolCall{ID: c.ID, Name: c.Function.Name, Arguments: args})
	}
	return out
}

// chat answers POST /v1/chat/completions.
func (s *Server) chat(w http.ResponseWriter, r *http.Request) {
	rec, body := begin(r)
	var req chatRequest
	if err := json.Unmarshal(body, &req); err != nil {
		s.refuse(w, rec, fmt.Errorf("chat completions: the body is not a request: %w", err))
		return
	}
	rec.Model, rec.Stream = req.Model, req.Stream
	for _, t := range req.Tools {
		rec.Tools = append(rec.Tools, t.Function.Name)
	}
	for _, m := range req.Messages {
		rec.Messages = append(rec.Messages, m.decode())
	}
	t := s.next(rec)

	id := fmt.Sprintf("chatcmpl-fake-%d", time.Now().UnixNano())
	created := time.Now().Unix()
	finish := "stop"
	message := map[string]any{"role": "assistant", "content": t.text}
	if t.tool != nil {
		finish = "tool_calls"
		message = map[string]any{"role": "assistant", "content": nil, "tool_calls": []any{map[string]any{
			"id": t.tool.ID, "type": "function",
			"function": map[string]any{"name": t.tool.Name, "arguments": string(t.tool.Arguments)},
		}}}
	}
	usage := map[string]any{"prompt_tokens": 100, "completion_tokens": 10, "total_tokens": 110}
	if !req.Stream {
		writeJSON(w, http.StatusOK, map[string]any{
			"id": id, "object": "chat.completion", "created": created, "model": s.script.Model,
			"choices": []any{map[string]any{"index": 0, "message": message, "finish_reason": finish}},
			"usage":   usage,
		})
		return
	}
	chunk := func(delta map[string]any, reason any) map[string]any {
		return map[string]any{
			"id": id, "object": "chat.completion.chunk", "created": created, "model": s.script.Model,
			"choices": []any{map[string]any{"index": 0, "delta": delta, "finish_reason": reason}},
		}
	}
	startSSE(w)
	if t.tool != nil {
		// The call's head, then its arguments in a second delta, as
		// OpenAI streams them.
		writeSSE(w, "", chunk(map[string]any{"role": "assistant", "content": nil, "tool_calls": []any{map[string]any{
			"index": 0, "id": t.tool.ID, "type": "function",
			"function": map[string]any{"name": t.tool.Name, "arguments": ""},
		}}}, nil))
		writeSSE(w, "", chunk(map[string]any{"tool_calls": []any{map[string]any{
			"index": 0, "function": map[string]any{"arguments": string(t.tool.Arguments)},
		}}}, nil))
	} else {
		writeSSE(w, "", chunk(map[string]any{"role": "assistant", "content": ""}, nil))
		writeSSE(w, "", chunk(map[string]any{"content": t.text}, nil))
	}
	writeSSE(w, "", chunk(map[string]any{}, finish))
	if req.StreamOptions != nil && req.StreamOptions.IncludeUsage {
		writeSSE(w, "", map[string]any{
			"id": id, "object": "chat.completion.chunk", "created": created, "model": s.script.Model,
			"choices": []any{}, "usage": usage,
		})
	}
	writeSSE(w, "", "[DONE]")
}
