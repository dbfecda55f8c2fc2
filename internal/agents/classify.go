package agents

import (
	"github.com/hookexec/hookexec/internal/agents/agent"
)

// How a tool name was classified (Classification.Rule), as plan shows it.
const (
	// RuleAgent: the agent that sent the event lists the tool.
	RuleAgent = "agent"
	// RuleOtherAgent: the agent is unknown, or does not list the tool;
	// the first agent of the table that does gave the family.
	RuleOtherAgent = "other-agent"
	// RuleMCPPrefix: the name starts with an agent's MCP prefix.
	RuleMCPPrefix = "mcp-prefix"
	// RuleEventAlias: the event was fired under a name limited to one
	// family (agent.Alias.Family).
	RuleEventAlias = "event-alias"
	// RulePayload: the agent's payload reader gave the family.
	RulePayload = "payload"
	// RuleUnknown: no agent of the table has the tool.
	RuleUnknown = "unknown"
)

// Classification is how a tool name was read into a family.
type Classification struct {
	// Agent is the agent that sent the event ("" when unknown).
	Agent string `json:"agent,omitempty"`
	// Tool is the tool's name; Family its family ("" when unknown).
	Tool   string       `json:"tool"`
	Family agent.Family `json:"family,omitempty"`
	// Rule says which rule gave the family (RuleAgent, ...); By names the
	// agent whose table or prefix did.
	Rule string `json:"rule"`
	By   string `json:"by,omitempty"`
}

// Classify reads tool's family: the agent's own tools (and MCP prefix)
// when agentName is an agent of the table that has it, else the first
// agent of the table whose tools (then whose MCP prefix) have it.
func Classify(agentName, tool string) Classification {
	all := described()
	a, ok := find(all, agentName)
	if !ok {
		a = agent.Agent{Name: agentName}
	}
	return classify(all, a, tool)
}

// classifyFor is Classify for an agent that may not be in the table.
func classifyFor(a agent.Agent, tool string) Classification {
	return classify(described(), a, tool)
}

func classify(all []agent.Agent, a agent.Agent, tool string) Classification {
	c := Classification{Agent: a.Name, Tool: tool, Rule: RuleUnknown}
	if tool == "" {
		return c
	}
	if f, ok := a.Tools.FamilyOf(tool, a.MCPPrefix); ok {
		c.Family, c.Rule, c.By = f, RuleAgent, a.Name
		if f == agent.FamilyMCP && !hasTool(a.Tools, tool) {
			c.Rule = RuleMCPPrefix
		}
		return c
	}
	for _, o := range all {
		if f, ok := o.Tools.FamilyOf(tool, ""); ok {
			c.Family, c.Rule, c.By = f, RuleOtherAgent, o.Name
			return c
		}
	}
	for _, o := range all {
		if f, ok := o.Tools.FamilyOf(tool, o.MCPPrefix); ok {
			c.Family, c.Rule, c.By = f, RuleMCPPrefix, o.Name
			return c
		}
	}
	return c
}

// KnownTool reports whether some agent of the table has a tool named
// name, or name is an MCP tool's by an agent's prefix.
func KnownTool(name string) bool {
	return Classify("", name).Family != ""
}

// ToolNames lists every agent's tool names, each once, in table order.
func ToolNames() []string {
	return tools(func(ts agent.Tools) []string { return ts.Of(agent.Families()...) })
}

func find(all []agent.Agent, name string) (agent.Agent, bool) {
	if name == "" {
		return agent.Agent{}, false
	}
	for _, a := range all {
		if a.Name == name {
			return a, true
		}
	}
	return agent.Agent{}, false
}

func hasTool(ts agent.Tools, name string) bool {
	for _, t := range ts {
		if t.Name == name {
			return true
		}
	}
	return false
}
