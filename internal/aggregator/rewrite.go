package aggregator

import (
	"fmt"
	"maps"
	"strings"

	"github.com/hookexec/hookexec/internal/verdict"
)

// GuardRewrites keeps a project hook from changing a tool's input after a
// hook of the user's judged it (SPEC §2.4). The agent runs the
// input the merged verdict carries (hookSpecificOutput.updatedInput, the
// tool_input patch, PermissionRequest's decision.updatedInput); a guard of
// the user's (a user, system, explicit or user-extension hook) that
// allowed input A must not see the agent run input B of a project hook's
// making.
//
// A project hook's rewrite is kept only when every hook of the user's that
// ran on the event saw it: in a sequential run, those that ran after it
// in plan order (chaining gave them the rewritten input, SPEC §4.7); in a
// parallel run, none of the user's ran. Otherwise the rewrite is dropped
// from the hook's output, and so is that output's allow (given for the
// input it wrote, not for the one the agent now runs; deny and ask stay),
// the hook's error says so, and a note for the verdict's systemMessage
// names the hooks. Configs from one side only (all the project's, or all
// the user's) are unchanged; so is a hook of the user's that rewrites.
// reports are in plan order; the outputs are copied, never modified.
func GuardRewrites(reports []verdict.HookReport, sequential bool) ([]verdict.HookReport, []string) {
	var notes []string
	for i := range reports {
		r := &reports[i]
		if !r.Project || !rewrites(r.Output) {
			continue
		}
		judges := unseenBy(reports, i, sequential)
		if len(judges) == 0 {
			continue
		}
		r.Output = withoutRewrite(r.Output)
		note := fmt.Sprintf("hookexec: the tool input change of project hook %s was not applied: your hook %s judged the input without it (make the event sequential, with your hooks after the project's, to have them judge the change)",
			r.Name, strings.Join(judges, ", "))
		if r.Error != "" {
			r.Error += "; "
		}
		r.Error += "tool input change not applied: " + strings.Join(judges, ", ") + " judged the input without it"
		notes = append(notes, note)
	}
	if sequential {
		markReplacements(reports)
	}
	return reports, notes
}

// markReplacements makes the merge of a sequential run carry the input the
// chain produced: a hook's updatedInput object replaced the whole
// tool_input the hooks before it had patched, and they saw the patches, so
// the patches before it are not merged on top of it again (else a guard
// after both would judge one input and the agent run another).
func markReplacements(reports []verdict.HookReport) {
	for i := range reports {
		o := reports[i].Output
		if o == nil || reports[i].Outcome != verdict.Success {
			continue
		}
		if _, ok := o.HookSpecificOutput["updatedInput"].(map[string]any); ok {
			c := *o
			c.ReplacesToolInput = true
			reports[i].Output = &c
		}
	}
}

// unseenBy names the hooks of the user's that ran on the event without
// seeing the change of the hook at index i.
func unseenBy(reports []verdict.HookReport, i int, sequential bool) []string {
	var names []string
	for j, u := range reports {
		if u.Project || !judged(u.Outcome) || (sequential && j > i) {
			continue
		}
		names = append(names, u.Name)
	}
	return names
}

// judged: the hook was run on the event's input and its answer read.
func judged(o verdict.Outcome) bool {
	switch o {
	case verdict.Skipped, verdict.Cancelled, verdict.Async, "":
		return false
	}
	return true
}

// rewrites reports whether o changes the tool input.
func rewrites(o *verdict.Output) bool {
	if o == nil {
		return false
	}
	hso := o.HookSpecificOutput
	if _, ok := hso["updatedInput"]; ok {
		return true
	}
	if _, ok := hso["tool_input"]; ok {
		return true
	}
	d, _ := hso["decision"].(map[string]any)
	_, ok := d["updatedInput"]
	return ok
}

// withoutRewrite is a copy of o without its tool input change and its
// allow.
func withoutRewrite(o *verdict.Output) *verdict.Output {
	c := *o
	c.HookSpecificOutput = maps.Clone(o.HookSpecificOutput)
	delete(c.HookSpecificOutput, "updatedInput")
	delete(c.HookSpecificOutput, "tool_input")
	if d, ok := c.HookSpecificOutput["decision"].(map[string]any); ok {
		d = maps.Clone(d)
		delete(d, "updatedInput")
		if d["behavior"] == "allow" {
			delete(d, "behavior")
		}
		c.HookSpecificOutput["decision"] = d
		if len(d) == 0 {
			delete(c.HookSpecificOutput, "decision")
		}
	}
	if c.HookSpecificOutput["permissionDecision"] == "allow" {
		delete(c.HookSpecificOutput, "permissionDecision")
	}
	if len(c.HookSpecificOutput) == 0 {
		c.HookSpecificOutput = nil
	}
	if c.Decision == "allow" {
		c.Decision = ""
	}
	return &c
}
