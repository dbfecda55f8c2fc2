package fakeopenai

import (
	"bufio"
	"encoding/json"
	"net/http"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// responsesItems posts a Responses request and returns the items of its
// response.output_item.done events.
func responsesItems(t *testing.T, url string, body map[string]any) []map[string]any {
	t.Helper()
	b, err := json.Marshal(body)
	require.NoError(t, err)
	resp, err := http.Post(url+"/v1/responses", "application/json", strings.NewReader(string(b)))
	require.NoError(t, err)
	defer func() { _ = resp.Body.Close() }()
	require.Equal(t, "text/event-stream", resp.Header.Get("Content-Type"))
	var items []map[string]any
	var events []string
	sc := bufio.NewScanner(resp.Body)
	for sc.Scan() {
		if ev, ok := strings.CutPrefix(sc.Text(), "event: "); ok {
			events = append(events, ev)
		}
		data, ok := strings.CutPrefix(sc.Text(), "data: ")
		if !ok {
			continue
		}
		var ev struct {
			Type string         `json:"type"`
			Item map[string]any `json:"item"`
		}
		require.NoError(t, json.Unmarshal([]byte(data), &ev))
		if ev.Type == "response.output_item.done" {
			items = append(items, ev.Item)
		}
	}
	assert.Equal(t, []string{"response.created", "response.output_item.done", "response.completed"}, events)
	return items
}

func TestResponsesScript(t *testing.T) {
	t.Parallel()
	patch := "*** Begin Patch\n*** Add File: a.txt\n+x\n*** End Patch\n"
	s := Start(t, Script{Tools: []ToolCall{Call("exec_command", map[string]any{"cmd": "rm -r victim"}), Call(PatchTool, map[string]any{"input": patch})}, Final: "all done"})
	tools := []any{map[string]any{"type": "function", "name": "exec_command"}, map[string]any{"type": "custom", "name": "apply_patch"}}
	user := map[string]any{"type": "message", "role": "user", "content": []any{map[string]any{"type": "input_text", "text": "clean up"}}}

	items := responsesItems(t, s.URL, map[string]any{"model": "m", "stream": true, "instructions": "be brief", "tools": tools, "input": []any{user}})
	require.Len(t, items, 1)
	assert.Equal(t, "function_call", items[0]["type"])
	assert.Equal(t, "exec_command", items[0]["name"])
	assert.JSONEq(t, `{"cmd":"rm -r victim"}`, items[0]["arguments"].(string))
	call := items[0]["call_id"]

	items = responsesItems(t, s.URL, map[string]any{"model": "m", "stream": true, "tools": tools, "input": []any{user,
		map[string]any{"type": "function_call", "name": "exec_command", "arguments": `{"cmd":"rm -r victim"}`, "call_id": call},
		map[string]any{"type": "function_call_output", "call_id": call, "output": "blocked: MK-DENY"}}})
	assert.Equal(t, "custom_tool_call", items[0]["type"])
	assert.Equal(t, patch, items[0]["input"])

	items = responsesItems(t, s.URL, map[string]any{"model": "m", "stream": true, "tools": tools, "input": []any{user,
		map[string]any{"type": "function_call", "name": "exec_command", "arguments": `{}`, "call_id": "c1"},
		map[string]any{"type": "custom_tool_call", "name": "apply_patch", "input": patch, "call_id": "c2"},
		map[string]any{"type": "custom_tool_call_output", "call_id": "c2", "output": "done"}}})
	assert.Equal(t, "message", items[0]["type"])
	assert.Equal(t, "all done", items[0]["content"].([]any)[0].(map[string]any)["text"])

	// A request offering no scripted tool is a side request.
	items = responsesItems(t, s.URL, map[string]any{"model": "m", "stream": true, "input": "title this"})
	assert.Equal(t, "ok", items[0]["content"].([]any)[0].(map[string]any)["text"])

	assert.True(t, s.Saw("MK-DENY"), "a tool's output reached the model")
	assert.True(t, s.Saw("be brief"), "the instructions are the system message")
	assert.Len(t, s.Main(), 3)
	assert.Equal(t, 2, s.Calls())
	assert.Equal(t, []string{"exec_command", "apply_patch"}, s.Main()[0].Tools)
}
