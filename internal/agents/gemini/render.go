package gemini

import (
	"github.com/hookexec/hookexec/internal/event"
	"github.com/hookexec/hookexec/internal/verdict"
)

// Output is what a Gemini CLI / LLxprt Code command hook prints on
// stdout (the --format gemini rendering of a verdict). Field order is the
// printed order.
type Output struct {
	Decision string `json:"decision,omitempty"`
	Reason   string `json:"reason,omitempty"`
	// Continue is only ever false (absent means true).
	Continue           *bool          `json:"continue,omitempty"`
	StopReason         string         `json:"stopReason,omitempty"`
	SystemMessage      string         `json:"systemMessage,omitempty"`
	SuppressOutput     bool           `json:"suppressOutput,omitempty"`
	HookSpecificOutput map[string]any `json:"hookSpecificOutput,omitempty"`
}

// claudeDecisionKeys are hookSpecificOutput fields that only carry Claude
// Code's decisions; the merged decision and reason already contain them.
func claudeDecisionKeys(key string) bool {
	switch key {
	case "permissionDecision", "permissionDecisionReason", "decision":
		return true
	}
	return false
}

// RenderOutput renders v as the output of one Gemini CLI / LLxprt hook
// (SPEC §6): the merged decision (allow, ask or deny) and reason,
// continue (only false) and stopReason, systemMessage, suppressOutput (only
// true) and hookSpecificOutput as merged (toolConfig for
// BeforeToolSelection, llm_request / llm_response for the model events,
// additionalContext, tool_input, clearContext, ...).
//
// On events that cannot block, decision, reason, continue and stopReason
// are left out, except continue:false and stopReason on SessionStart
// (stopsOn). In hookSpecificOutput, Claude's decision fields are left
// out (they are in decision and reason) and Claude's updatedInput becomes
// tool_input (with the hooks' tool_input patches merged in).
//
// systemMessage, reason, stopReason and additionalContext are cut to
// in.MaxMessage.
func RenderOutput(ev event.Event, v verdict.Verdict, in verdict.AgentInput) Output {
	o := Output{SystemMessage: in.Cut(v.SystemMessage), SuppressOutput: v.SuppressOutput}
	if ev.CanBlock && v.Decision != "defer" { // Gemini CLI has no defer: no decision
		o.Decision, o.Reason = v.Decision, in.Cut(v.Reason)
	}
	o.Continue, o.StopReason = verdict.StopFields(ev, v)
	if stopsOn(ev) && !v.Continue {
		f := false
		o.Continue, o.StopReason = &f, v.StopReason
	}
	o.StopReason = in.Cut(o.StopReason)
	o.HookSpecificOutput = specific(v.HookSpecificOutput)
	if c, ok := o.HookSpecificOutput["additionalContext"].(string); ok {
		o.HookSpecificOutput["additionalContext"] = in.Cut(c)
	}
	return o
}

// stopsOn reports whether Gemini CLI acts on continue:false on ev
// although ev cannot block (SPEC §1): on SessionStart it stops instead of
// starting the session (gemini-cli-core 0.61, make e2e). That is not a
// block: the verdict's blocked stays false and fire exits 0; Gemini reads
// continue from the answer on stdout.
func stopsOn(ev event.Event) bool { return ev.Name == "SessionStart" }

func specific(hso map[string]any) map[string]any {
	out := make(map[string]any, len(hso))
	for k, val := range hso {
		if !claudeDecisionKeys(k) && k != "updatedInput" && k != "hookEventName" {
			out[k] = val
		}
	}
	if _, ok := hso["updatedInput"].(map[string]any); ok {
		out["tool_input"] = verdict.MergedToolInput(hso, func() map[string]any { return nil })
	}
	if len(out) == 0 {
		return nil
	}
	return out
}

// Silent reports whether fire prints nothing at all for o on ev: a
// BeforeToolSelection verdict with nothing to say. Gemini CLI takes any
// answer there, even {}, as a tool config (mode AUTO and no function
// names: the union of none), so the only way to leave the model's tools as
// they are is to print nothing, as a hook that has nothing to say does.
func (o Output) Silent(ev event.Event) bool {
	return ev.Name == "BeforeToolSelection" && o.Decision == "" && o.Reason == "" && o.Continue == nil &&
		o.StopReason == "" && o.SystemMessage == "" && !o.SuppressOutput && len(o.HookSpecificOutput) == 0
}
