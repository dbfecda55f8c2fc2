// Package agenttest renders verdicts in an agent's format for the agents'
// tests. Tests only.
package agenttest

import (
	"encoding/json"
	"testing"

	"github.com/hookexec/hookexec/internal/testevent"
	"github.com/hookexec/hookexec/internal/verdict"
)

// ToolInput is an event's tool_input for the renderers.
var ToolInput = verdict.AgentInput{ToolInput: func() map[string]any {
	return map[string]any{"command": "ls", "timeout": json.Number("1000")}
}}

// RenderJSON renders v for the event name with render as compact JSON,
// with Event and Blocked set as the aggregator sets them.
func RenderJSON(t *testing.T, render verdict.Renderer, name string, v verdict.Verdict) string {
	t.Helper()
	ev := testevent.Get(t, name)
	v.Event = ev.Name
	v.Blocked = ev.CanBlock && (v.Decision == "deny" || !v.Continue)
	data, err := json.Marshal(render(ev, v, ToolInput))
	if err != nil {
		t.Fatal(err)
	}
	return string(data)
}
