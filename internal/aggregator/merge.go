package aggregator

import (
	"slices"
	"strings"

	"github.com/hookexec/hookexec/internal/event"
	"github.com/hookexec/hookexec/internal/verdict"
)

// Merge merges reports (already in plan order) with ev's strategy (SPEC §5)
// into a verdict. Event is ev's canonical name, Hooks is reports (never nil)
// and Continue is true unless an output stops the agent. Warnings and
// DurationMs are left to the caller.
//
// Quiet gathers the hooks' answer warnings (HookReport.Warnings) in plan
// order.
//
// Blocked is true only when ev can block and the merged decision is deny or
// continue is false; on an event that cannot block the merged fields are
// still reported but never block.
func Merge(ev event.Event, reports []verdict.HookReport) verdict.Verdict {
	if reports == nil {
		reports = []verdict.HookReport{}
	}
	v := verdict.Verdict{Event: ev.Name, Continue: true, Hooks: reports}
	outs := make([]*verdict.Output, 0, len(reports))
	for i := range reports {
		if reports[i].Output != nil {
			outs = append(outs, reports[i].Output)
		}
		v.Quiet = append(v.Quiet, reports[i].Warnings...)
	}
	switch ev.Strategy {
	case event.StrategyReplace:
		mergeReplace(&v, outs)
	case event.StrategyToolSelection:
		mergeToolSelection(&v, outs)
	default:
		mergeDecision(&v, outs)
	}
	v.Blocked = ev.CanBlock && (v.Decision == "deny" || !v.Continue)
	return v
}

// decisionRank orders decisions: deny > defer > ask > allow > none (defer
// exists on BeforeTool only; Claude Code's precedence).
func decisionRank(d string) int {
	switch d {
	case "deny":
		return 4
	case "defer":
		return 3
	case "ask":
		return 2
	case "allow":
		return 1
	default:
		return 0
	}
}

// mergeDecision is the decision strategy: the strongest decision wins and
// carries the reasons of the outputs that chose it; messages are joined.
func mergeDecision(v *verdict.Verdict, outs []*verdict.Output) {
	for _, o := range outs {
		if decisionRank(o.Decision) > decisionRank(v.Decision) {
			v.Decision = o.Decision
		}
	}
	var reasons, stops, messages []string
	for _, o := range outs {
		if o.Decision == v.Decision && o.Reason != "" {
			reasons = append(reasons, o.Reason)
		}
		if o.Continue != nil && !*o.Continue {
			v.Continue = false
			if o.StopReason != "" {
				stops = append(stops, o.StopReason)
			}
		}
		if o.SystemMessage != "" {
			messages = append(messages, o.SystemMessage)
		}
		v.SuppressOutput = v.SuppressOutput || (o.SuppressOutput != nil && *o.SuppressOutput)
	}
	v.Reason = strings.Join(reasons, "\n")
	v.StopReason = strings.Join(stops, "\n")
	v.SystemMessage = strings.Join(messages, "\n")
	v.HookSpecificOutput = mergeSpecific(outs, true)
}

// mergeReplace is the replace strategy: each field present in a later
// output replaces the earlier value.
func mergeReplace(v *verdict.Verdict, outs []*verdict.Output) {
	for _, o := range outs {
		if o.Decision != "" {
			v.Decision = o.Decision
		}
		if o.Reason != "" {
			v.Reason = o.Reason
		}
		if o.Continue != nil {
			v.Continue = *o.Continue
		}
		if o.StopReason != "" {
			v.StopReason = o.StopReason
		}
		if o.SystemMessage != "" {
			v.SystemMessage = o.SystemMessage
		}
		if o.SuppressOutput != nil {
			v.SuppressOutput = *o.SuppressOutput
		}
	}
	v.HookSpecificOutput = mergeSpecific(outs, false)
}

// mergeSpecific shallow-merges hookSpecificOutput in plan order, dropping
// hookEventName. With decisionRules, additionalContext values are joined,
// the flags clearContext, retry (Claude Code's PermissionDenied),
// suppressOriginalPrompt and reloadSkills are true if any is (one hook
// asking is enough), watchPaths lists are joined without
// duplicates, an Elicitation action is the most refusing one (decline >
// cancel > accept), tool_input objects are merged key by key (a
// gemini-dialect hook's replaces the ones before it, as in Gemini CLI) and
// updatedInput is the last one. The result is nil when empty; the outputs'
// maps are never modified.
func mergeSpecific(outs []*verdict.Output, decisionRules bool) map[string]any {
	merged := map[string]any{}
	var contexts []string
	var toolInput map[string]any
	for _, o := range outs {
		if decisionRules && o.ReplacesToolInput {
			toolInput = nil
		}
		for k, val := range o.HookSpecificOutput {
			if k == "hookEventName" {
				continue
			}
			if !decisionRules {
				merged[k] = val
				continue
			}
			switch k {
			case "additionalContext":
				if s, ok := val.(string); ok && s != "" {
					contexts = append(contexts, s)
				}
			case "clearContext", "retry", "suppressOriginalPrompt", "reloadSkills":
				if b, ok := val.(bool); ok {
					prev, _ := merged[k].(bool)
					merged[k] = prev || b
				}
			case "watchPaths":
				merged[k] = joinPaths(merged[k], val)
			case "action":
				if verdict.ActionRank(val) >= verdict.ActionRank(merged[k]) {
					merged[k] = val
				}
			case "tool_input":
				if m, ok := val.(map[string]any); ok {
					if toolInput == nil || o.WholeToolInput {
						toolInput = make(map[string]any, len(m))
					}
					for tk, tv := range m {
						toolInput[tk] = tv
					}
				}
			case "updatedInput":
				if val != nil {
					merged[k] = val
				}
			default:
				merged[k] = val
			}
		}
	}
	if len(contexts) > 0 {
		merged["additionalContext"] = strings.Join(contexts, "\n")
	}
	if toolInput != nil {
		merged["tool_input"] = toolInput
	}
	if len(merged) == 0 {
		return nil
	}
	return merged
}

// joinPaths appends the strings of list (a watchPaths value) to acc that
// it does not hold yet; a list that is not an array of strings is ignored.
func joinPaths(acc, list any) any {
	have, _ := acc.([]any)
	items, ok := list.([]any)
	if !ok {
		return acc
	}
	out := append([]any(nil), have...)
	for _, it := range items {
		s, ok := it.(string)
		if ok && !slices.Contains(out, any(s)) {
			out = append(out, s)
		}
	}
	return out
}
