package agenttest

import (
	"encoding/json"
	"os"
	"path/filepath"
	"testing"
	"time"

	"github.com/hookexec/hookexec/internal/agents/agent"
	"github.com/hookexec/hookexec/internal/event"
)

// SampleCommand is the shell command every agent's testdata/shell.json
// runs; the starter-policy test puts its own command in its place.
const SampleCommand = "__COMMAND__"

// Sample is an agent package's testdata/shell.json: the agent's own event
// name for before-a-tool and its own stdin payload for its shell tool
// running SampleCommand, with where the payload comes from.
type Sample struct {
	Event  string          `json:"event"`
	Input  json.RawMessage `json:"input"`
	Source string          `json:"source"`
}

// CheckShellSample reads the package's testdata/shell.json and checks it
// against a: it says where it comes from, its event is a's name for
// BeforeTool (Events, or an alias for every tool or for its shell tools),
// and its input, read as a reads its payload, is a shell tool of a's
// running SampleCommand.
func CheckShellSample(t *testing.T, a agent.Agent) Sample {
	t.Helper()
	data, err := os.ReadFile(filepath.Join("testdata", "shell.json"))
	if err != nil {
		t.Fatal(err)
	}
	var s Sample
	if err := json.Unmarshal(data, &s); err != nil {
		t.Fatalf("shell.json: %v", err)
	}
	if s.Source == "" {
		t.Error("shell.json: no source")
	}
	if !beforeTool(a, s.Event) {
		t.Errorf("shell.json: event %q is not %s's name for BeforeTool", s.Event, a.Title)
	}
	in, err := event.ParseInput(s.Input, time.Unix(0, 0), "/")
	if err != nil {
		t.Fatalf("shell.json: input: %v", err)
	}
	v := viewOf(a, s.Event, in)
	if fam, ok := a.Tools.FamilyOf(v.Tool, a.MCPPrefix); !ok || fam != agent.FamilyShell {
		t.Errorf("shell.json: tool %q is not one of %s's shell tools %v", v.Tool, a.Title, a.Tools.Shell())
	}
	if v.Command != SampleCommand {
		t.Errorf("shell.json: command %q, want %q", v.Command, SampleCommand)
	}
	return s
}

// beforeTool reports whether key is a's name for BeforeTool.
func beforeTool(a agent.Agent, key string) bool {
	ev, ok := event.ByKey("BeforeTool")
	if !ok {
		return false
	}
	if k, ok := a.EventKey(ev); ok && k == key {
		return true
	}
	for _, al := range a.Aliases {
		if al.Key == key && al.Event == ev.Name && (al.Family == "" || al.Family == agent.FamilyShell) {
			return true
		}
	}
	return false
}

// viewOf reads in as a reads its payload (agent.ClaudePayload when it has
// no reader of its own).
func viewOf(a agent.Agent, key string, in *event.Input) agent.View {
	if a.Payload != nil {
		return a.Payload(key, in)
	}
	return agent.ClaudePayload(key, in)
}
