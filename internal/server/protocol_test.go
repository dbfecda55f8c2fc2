package server

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestParse(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name, line    string
		code, id      string // a problem's code, the correlationId read
		request       bool
		cancel        bool
		messageSubstr string
	}{
		{name: "request", line: `{"type":"HOOK_EXECUTION_REQUEST","payload":{"correlationId":"a","eventName":"BeforeTool","input":{}}}`, id: "a", request: true},
		{name: "request with format", line: `{"type":"HOOK_EXECUTION_REQUEST","payload":{"correlationId":"a","eventName":"BeforeTool","input":{"x":1},"format":"claude"}}`, id: "a", request: true},
		{name: "cancel", line: `{"type":"HOOK_EXECUTION_CANCEL","payload":{"correlationId":"a"}}`, id: "a", cancel: true},
		{name: "not JSON", line: `hello`, code: CodeBadRequest, messageSubstr: "not a JSON message"},
		{name: "broken JSON keeps the id", line: `{"type":"HOOK_EXECUTION_REQUEST","payload":{"correlationId":"b",`, code: CodeBadRequest, id: "b"},
		{name: "unknown type", line: `{"type":"NOPE","payload":{"correlationId":"c"}}`, code: CodeBadRequest, id: "c", messageSubstr: "unknown message type"},
		{name: "no type", line: `{"payload":{"correlationId":"c"}}`, code: CodeBadRequest, id: "c", messageSubstr: "without a type"},
		{name: "no payload", line: `{"type":"HOOK_EXECUTION_REQUEST"}`, code: CodeBadRequest, messageSubstr: "no payload"},
		{name: "no correlationId", line: `{"type":"HOOK_EXECUTION_REQUEST","payload":{"eventName":"BeforeTool","input":{}}}`, code: CodeBadRequest, messageSubstr: "correlationId"},
		{name: "numeric correlationId", line: `{"type":"HOOK_EXECUTION_REQUEST","payload":{"correlationId":7,"eventName":"BeforeTool","input":{}}}`, code: CodeBadRequest},
		{name: "no eventName", line: `{"type":"HOOK_EXECUTION_REQUEST","payload":{"correlationId":"d","input":{}}}`, code: CodeBadRequest, id: "d", messageSubstr: "eventName"},
		{name: "no input", line: `{"type":"HOOK_EXECUTION_REQUEST","payload":{"correlationId":"d","eventName":"BeforeTool"}}`, code: CodeBadRequest, id: "d", messageSubstr: "input"},
		{name: "null input", line: `{"type":"HOOK_EXECUTION_REQUEST","payload":{"correlationId":"d","eventName":"BeforeTool","input":null}}`, code: CodeBadRequest, id: "d"},
		{name: "cancel without id", line: `{"type":"HOOK_EXECUTION_CANCEL","payload":{}}`, code: CodeBadRequest},
		{name: "payload not an object", line: `{"type":"HOOK_EXECUTION_CANCEL","payload":[1]}`, code: CodeBadRequest},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			p := Parse([]byte(tt.line))
			assert.Equal(t, tt.id, p.CorrelationID)
			if tt.code != "" {
				require.NotNil(t, p.Problem)
				assert.Equal(t, tt.code, p.Problem.Code)
				assert.Contains(t, p.Problem.Message, tt.messageSubstr)
				assert.Nil(t, p.Request)
				assert.Nil(t, p.Cancel)
				return
			}
			require.Nil(t, p.Problem)
			assert.Equal(t, tt.request, p.Request != nil)
			assert.Equal(t, tt.cancel, p.Cancel != nil)
		})
	}
}

func TestCorrelationIDIn(t *testing.T) {
	t.Parallel()
	assert.Equal(t, "x-1", correlationIDIn([]byte(`{"payload": {"correlationId" : "x-1", "input": {"a":`)))
	assert.Equal(t, "", correlationIDIn([]byte(`{"payload": {"input": {"a":`)))
	assert.Equal(t, "", correlationIDIn([]byte(`{"correlationId":"a\"b"}`)))
}
