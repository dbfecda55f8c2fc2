package fakeopenai

import (
	"bufio"
	"encoding/json"
	"io"
	"net/http"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

var shellTools = []any{map[string]any{"type": "function", "function": map[string]any{"name": "run_shell_command"}}}

func post(t *testing.T, url string, body map[string]any) *http.Response {
	t.Helper()
	b, err := json.Marshal(body)
	require.NoError(t, err)
	resp, err := http.Post(url+"/v1/chat/completions", "application/json", strings.NewReader(string(b)))
	require.NoError(t, err)
	t.Cleanup(func() { _ = resp.Body.Close() })
	return resp
}

// streamed reads a chat-completions stream into the text and the tool
// calls it assembles, and the finish reason, as a client would.
func streamed(t *testing.T, resp *http.Response) (text string, calls map[int]*ToolCall, finish string) {
	t.Helper()
	require.Equal(t, "text/event-stream", resp.Header.Get("Content-Type"))
	calls = map[int]*ToolCall{}
	var args = map[int]string{}
	sc := bufio.NewScanner(resp.Body)
	done := false
	for sc.Scan() {
		line, ok := strings.CutPrefix(sc.Text(), "data: ")
		if !ok {
			continue
		}
		if line == "[DONE]" {
			done = true
			break
		}
		var chunk struct {
			Choices []struct {
				Delta struct {
					Content   *string `json:"content"`
					ToolCalls []struct {
						Index    int    `json:"index"`
						ID       string `json:"id"`
						Function struct {
							Name      string `json:"name"`
							Arguments string `json:"arguments"`
						} `json:"function"`
					} `json:"tool_calls"`
				} `json:"delta"`
				FinishReason *string `json:"finish_reason"`
			} `json:"choices"`
		}
		require.NoError(t, json.Unmarshal([]byte(line), &chunk), line)
		for _, c := range chunk.Choices {
			if c.Delta.Content != nil {
				text += *c.Delta.Content
			}
			for _, tc := range c.Delta.ToolCalls {
				if calls[tc.Index] == nil {
					calls[tc.Index] = &ToolCall{}
				}
				if tc.ID != "" {
					calls[tc.Index].ID = tc.ID
				}
				if tc.Function.Name != "" {
					calls[tc.Index].Name = tc.Function.Name
				}
				args[tc.Index] += tc.Function.Arguments
			}
			if c.FinishReason != nil {
				finish = *c.FinishReason
			}
		}
	}
	require.True(t, done, "the stream ends with [DONE]")
	for i, c := range calls {
		c.Arguments = json.RawMessage(args[i])
	}
	return text, calls, finish
}

func TestChatStreamingScript(t *testing.T) {
	t.Parallel()
	s := Start(t, Script{Tools: []ToolCall{Call("run_shell_command", map[string]any{"command": "rm -r victim"})}, Final: "all done"})
	require.True(t, strings.HasPrefix(s.URL, "http://127.0.0.1:"), s.URL)

	// First turn: the scripted tool call.
	first := map[string]any{"model": "m", "stream": true, "tools": shellTools, "messages": []any{
		map[string]any{"role": "system", "content": "you are qwen"},
		map[string]any{"role": "user", "content": []any{map[string]any{"type": "text", "text": "do it"}}},
	}}
	text, calls, finish := streamed(t, post(t, s.URL, first))
	assert.Empty(t, text)
	assert.Equal(t, "tool_calls", finish)
	require.Len(t, calls, 1)
	assert.Equal(t, "run_shell_command", calls[0].Name)
	assert.JSONEq(t, `{"command":"rm -r victim"}`, string(calls[0].Arguments))
	assert.NotEmpty(t, calls[0].ID)

	// After the tool result: the final text, with usage when asked.
	second := map[string]any{"model": "m", "stream": true, "stream_options": map[string]any{"include_usage": true}, "tools": shellTools, "messages": []any{
		map[string]any{"role": "user", "content": "do it"},
		map[string]any{"role": "assistant", "content": nil, "tool_calls": []any{map[string]any{"id": calls[0].ID, "type": "function",
			"function": map[string]any{"name": "run_shell_command", "arguments": string(calls[0].Arguments)}}}},
		map[string]any{"role": "tool", "tool_call_id": calls[0].ID, "content": "blocked: \"rm\" is not allowed"},
	}}
	text, calls, finish = streamed(t, post(t, s.URL, second))
	assert.Equal(t, "all done", text)
	assert.Empty(t, calls)
	assert.Equal(t, "stop", finish)

	main := s.Main()
	require.Len(t, main, 2)
	assert.Equal(t, []string{"do it"}, main[0].Texts("user"))
	assert.Equal(t, []string{"you are qwen"}, main[0].Texts("system"))
	assert.Equal(t, []string{`blocked: "rm" is not allowed`}, main[1].ToolResults())
	assert.Equal(t, calls0ID(main[1]), main[1].Messages[2].ToolCallID)
	assert.True(t, s.Saw(`"rm" is not allowed`), "a tool result with quotes is found decoded")
	assert.False(t, s.Saw("never sent"))
	assert.Equal(t, 1, s.Calls())
	assert.True(t, strings.HasPrefix(main[0].Answer, "tool run_shell_command "), main[0].Answer)
	assert.Equal(t, "text all done", main[1].Answer)
	_, err := json.Marshal(s.Requests())
	require.NoError(t, err, "the record is JSON")
}

func calls0ID(r Request) string { return r.Messages[1].ToolCalls[0].ID }

func TestChatNonStreamingAndSideRequests(t *testing.T) {
	t.Parallel()
	s := Start(t, Script{Tools: []ToolCall{Call("run_shell_command", map[string]any{"command": "ls"})}, Side: `{"next_speaker":"user"}`})

	// A request without the scripted tool is a side request: it does not
	// use up the tool call.
	resp := post(t, s.URL, map[string]any{"model": "m", "messages": []any{map[string]any{"role": "user", "content": "who speaks next?"}}})
	var side struct {
		Choices []struct {
			Message struct {
				Content string `json:"content"`
			} `json:"message"`
			FinishReason string `json:"finish_reason"`
		} `json:"choices"`
	}
	require.NoError(t, json.NewDecoder(resp.Body).Decode(&side))
	require.Len(t, side.Choices, 1)
	assert.JSONEq(t, `{"next_speaker":"user"}`, side.Choices[0].Message.Content)

	resp = post(t, s.URL, map[string]any{"model": "m", "tools": shellTools, "messages": []any{map[string]any{"role": "user", "content": "go"}}})
	var main struct {
		Choices []struct {
			Message struct {
				ToolCalls []struct {
					Function struct {
						Name      string `json:"name"`
						Arguments string `json:"arguments"`
					} `json:"function"`
				} `json:"tool_calls"`
			} `json:"message"`
			FinishReason string `json:"finish_reason"`
		} `json:"choices"`
	}
	require.NoError(t, json.NewDecoder(resp.Body).Decode(&main))
	require.Len(t, main.Choices, 1)
	assert.Equal(t, "tool_calls", main.Choices[0].FinishReason)
	require.Len(t, main.Choices[0].Message.ToolCalls, 1)
	assert.Equal(t, "run_shell_command", main.Choices[0].Message.ToolCalls[0].Function.Name)
	assert.JSONEq(t, `{"command":"ls"}`, main.Choices[0].Message.ToolCalls[0].Function.Arguments)

	reqs := s.Requests()
	require.Len(t, reqs, 2)
	assert.False(t, reqs[0].Main)
	assert.Equal(t, `side {"next_speaker":"user"}`, reqs[0].Answer)
	assert.True(t, reqs[1].Main)
}

func TestModelsBadRequestsAndUnknownPaths(t *testing.T) {
	t.Parallel()
	s := Start(t, Script{Model: "qwen-fake"})

	resp, err := http.Get(s.URL + "/v1/models")
	require.NoError(t, err)
	b, _ := io.ReadAll(resp.Body)
	_ = resp.Body.Close()
	assert.Equal(t, http.StatusOK, resp.StatusCode)
	assert.Contains(t, string(b), `"id":"qwen-fake"`)

	resp, err = http.Post(s.URL+"/v1/chat/completions", "application/json", strings.NewReader("{not json"))
	require.NoError(t, err)
	_ = resp.Body.Close()
	assert.Equal(t, http.StatusBadRequest, resp.StatusCode)

	resp, err = http.Post(s.URL+"/v1/embeddings", "application/json", strings.NewReader("{}"))
	require.NoError(t, err)
	_ = resp.Body.Close()
	assert.Equal(t, http.StatusNotFound, resp.StatusCode)

	reqs := s.Requests()
	require.Len(t, reqs, 3)
	assert.Equal(t, "models", reqs[0].Answer)
	assert.True(t, strings.HasPrefix(reqs[1].Answer, "400: "), reqs[1].Answer)
	assert.Equal(t, "{not json", reqs[1].BodyText)
	assert.Equal(t, "404", reqs[2].Answer)
}

func TestScriptWithoutToolsAnswersText(t *testing.T) {
	t.Parallel()
	s := Start(t, Script{})
	text, calls, finish := streamed(t, post(t, s.URL, map[string]any{"model": "m", "stream": true, "tools": shellTools,
		"messages": []any{map[string]any{"role": "user", "content": "hi"}}}))
	assert.Equal(t, "done", text)
	assert.Empty(t, calls)
	assert.Equal(t, "stop", finish)
	assert.True(t, s.Main()[0].Main)
}

func TestListenRefusesABadScript(t *testing.T) {
	t.Parallel()
	_, err := Listen(Script{Tools: []ToolCall{{Name: "x", Arguments: json.RawMessage(`[1]`)}}})
	require.ErrorContains(t, err, "arguments are not a JSON object")
	_, err = Listen(Script{Tools: []ToolCall{{Arguments: json.RawMessage(`{}`)}}})
	require.ErrorContains(t, err, "has no name")
	_, err = Listen(Script{Tools: []ToolCall{Call("x", map[string]any{"f": func() {}})}})
	require.ErrorContains(t, err, "arguments are not a JSON object")
}
