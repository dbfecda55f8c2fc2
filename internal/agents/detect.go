package agents

import (
	"github.com/hookexec/hookexec/internal/agents/agent"
	"github.com/hookexec/hookexec/internal/event"
	"github.com/hookexec/hookexec/internal/verdict"
)

// DetectAgent names the agent that sent an event: the agent whose format f
// is, when only that agent answers in it; else, among the agents that
// answer in f (every agent for the result format), the one the
// environment's markers (ProjectVar, Markers), the input's
// hook_event_name and its tool_name leave, when exactly one is left; else
// "".
func DetectAgent(f verdict.Format, in *event.Input, getenv func(string) string) string {
	// Pointers into the table, not copies: a description is some 800
	// bytes, and copying all of them showed in the cost of every fire.
	all := described()
	var cands []*agent.Agent
	for i := range all {
		if a := &all[i]; f == verdict.FormatResult || f == "" || a.Format == string(f) {
			cands = append(cands, a)
		}
	}
	if len(cands) == 1 {
		return cands[0].Name
	}
	cands = narrow(cands, func(a *agent.Agent) (bool, bool) { return byEnv(a, getenv) })
	cands = narrow(cands, func(a *agent.Agent) (bool, bool) { return byEventName(a, in) })
	cands = narrow(cands, func(a *agent.Agent) (bool, bool) { return byTool(a, in) })
	if len(cands) == 1 {
		return cands[0].Name
	}
	return ""
}

// narrow keeps the agents test says yes to, when it can tell for any
// (known) and says yes to at least one; otherwise it keeps them all.
func narrow(cands []*agent.Agent, test func(*agent.Agent) (yes, known bool)) []*agent.Agent {
	var kept []*agent.Agent
	for _, a := range cands {
		if yes, known := test(a); known && yes {
			kept = append(kept, a)
		}
	}
	if len(kept) == 0 {
		return cands
	}
	return kept
}

func byEnv(a *agent.Agent, getenv func(string) string) (bool, bool) {
	if getenv == nil {
		return false, false
	}
	vars := append([]string{a.ProjectVar}, a.Markers...)
	for _, v := range vars {
		if v != "" && getenv(v) != "" {
			return true, true
		}
	}
	return false, true
}

func byEventName(a *agent.Agent, in *event.Input) (bool, bool) {
	if in == nil {
		return false, false
	}
	name, ok := in.String("hook_event_name")
	if !ok || name == "" {
		return false, false
	}
	for _, ev := range event.All() {
		if k, ok := a.EventKey(ev); ok && k == name {
			return true, true
		}
	}
	for _, al := range a.Aliases {
		if al.Key == name {
			return true, true
		}
	}
	return false, true
}

func byTool(a *agent.Agent, in *event.Input) (bool, bool) {
	if in == nil {
		return false, false
	}
	tool, ok := in.String("tool_name")
	if !ok || tool == "" {
		// An agent whose payload names the tool otherwise (Copilot CLI's
		// toolName) says so through its own reader.
		if a.Payload == nil {
			return false, false
		}
		if tool = a.Payload("", in).Tool; tool == "" {
			return false, false
		}
	}
	_, has := a.Tools.FamilyOf(tool, a.MCPPrefix)
	return has, true
}
