package planner

import (
	"testing"

	"github.com/stretchr/testify/assert"

	"github.com/hookexec/hookexec/internal/agents"
	"github.com/hookexec/hookexec/internal/agents/agent"
)

// TestToolText: plan's line for each rule that classifies a tool.
func TestToolText(t *testing.T) {
	t.Parallel()
	for _, tt := range []struct {
		c    agents.Classification
		want string
	}{
		{agents.Classification{Agent: "claude", Tool: "Bash", Family: agent.FamilyShell, Rule: agents.RuleAgent, By: "claude"},
			`"Bash": family shell (the agent's own tools; agent claude)`},
		{agents.Classification{Tool: "write_file", Family: agent.FamilyWrite, Rule: agents.RuleOtherAgent, By: "gemini"},
			`"write_file": family write (gemini's tools (the first agent that has it); agent unknown)`},
		{agents.Classification{Agent: "claude", Tool: "mcp__gh__x", Family: agent.FamilyMCP, Rule: agents.RuleMCPPrefix, By: "claude"},
			`"mcp__gh__x": family mcp (claude's MCP prefix; agent claude)`},
		{agents.Classification{Family: agent.FamilyShell, Rule: agents.RuleEventAlias, By: "beforeShellExecution"},
			`no tool name: family shell (the event name beforeShellExecution, which is for that family only; agent unknown)`},
		{agents.Classification{Agent: "x", Tool: "Shell", Family: agent.FamilyShell, Rule: agents.RulePayload, By: "x"},
			`"Shell": family shell (the agent's payload; agent x)`},
		{agents.Classification{Tool: "Frob", Rule: agents.RuleUnknown},
			`"Frob": family unknown (no agent hookexec knows has this tool; agent unknown)`},
	} {
		assert.Equal(t, tt.want, toolText(tt.c))
	}
}
