package audit

import (
	"fmt"
	"io"
	"strings"
)

// excerptLines bounds the lines of a hook's output 'hookexec why' shows.
const excerptLines = 20

// WriteWhy explains one record for 'hookexec why': when and where, the
// verdict, the policy that decided (where it is written, how it matched,
// what it printed, how it exited), the hooks that failed, the warnings,
// and what to do next.
func WriteWhy(w io.Writer, e Entry, paint Paint) error {
	var b strings.Builder
	dec, tone := decisionOf(e.Record)
	if dec == "-" {
		dec = "no decision"
	}
	fmt.Fprintf(&b, "%s: %s at %s (record %s)\n", paint.paint(tone, dec), clean(or(e.EventName, e.Event), false),
		e.At.Local().Format(timeLayout+" MST"), clean(e.ID, false))
	field(&b, "project", e.Project)
	if e.Cwd != "" {
		field(&b, "cwd", e.Cwd)
	}
	agent := or(e.Agent, "none detected")
	if e.ByHand {
		agent = "none: fired by hand"
	}
	if e.Format != "" {
		agent += ", answered in format " + e.Format
	}
	field(&b, "agent", agent+", via "+or(e.Via, "fire"))
	event := e.Event
	if e.EventName != "" && e.EventName != e.Event {
		event = e.EventName + " (" + e.Event + ")"
	}
	field(&b, "event", event)
	field(&b, "tool", e.Tool)
	field(&b, "input", e.Input)
	field(&b, "session", e.Session)

	b.WriteString("\nVerdict\n")
	verdict := dec
	if e.Decision != "" && !strings.EqualFold(e.Decision, dec) {
		verdict += " (" + e.Decision + ")"
	}
	field(&b, "decision", verdict)
	field(&b, "reason", e.Reason)
	field(&b, "error", e.Error)
	field(&b, "hooks", fmt.Sprintf("%d ran in %s", e.Hooks, millis(e.DurationMs)))

	switch {
	case e.Policy != nil:
		b.WriteString("\nDecided by\n")
		writeHook(&b, e.Record, *e.Policy)
	case e.Error != "":
		b.WriteString("\nDecided by: no hook ran; hookexec answered the error above\n")
	default:
		b.WriteString("\nDecided by: no hook (no policy answered with a decision)\n")
	}
	if len(e.Failed) > 0 {
		b.WriteString("\nFailed or timed out\n")
		for _, h := range e.Failed {
			fmt.Fprintf(&b, "  - %s: %s\n", clip(policyRef(h), policyWidth+20), exitText(h))
			if h.Stderr != "" {
				excerpt(&b, "    ", "stderr", h.Stderr)
			}
		}
	}
	if len(e.GuardOff) > 0 {
		b.WriteString("\nGuards that did not run\n")
		for _, g := range e.GuardOff {
			text := g.Kind
			if g.Detail != "" {
				text += ": " + g.Detail
			}
			if g.File != "" && !strings.Contains(g.Detail, g.File) {
				text += " (" + g.File + ")"
			}
			if g.OptedOut {
				text += "; let through by the untrusted skip opt-out"
			}
			fmt.Fprintf(&b, "  - %s\n", clean(text, false))
		}
	}
	if len(e.Warnings) > 0 {
		b.WriteString("\nWarnings\n")
		for _, wn := range e.Warnings {
			fmt.Fprintf(&b, "  - %s\n", clean(wn, false))
		}
	}
	b.WriteString("\nNext\n")
	for _, step := range nextSteps(e.Record) {
		fmt.Fprintf(&b, "  - %s\n", step)
	}
	_, err := io.WriteString(w, b.String())
	return err
}

// field writes "  name  value" (value cleaned to one line), nothing for
// an empty value.
func field(b *strings.Builder, name, value string) {
	if value == "" {
		return
	}
	fmt.Fprintf(b, "  %-9s %s\n", name, clean(value, false))
}

// writeHook writes the deciding hook: which, where, matched how, what it
// printed, how it ended.
func writeHook(b *strings.Builder, r Record, h Hook) {
	field(b, "name", h.Name)
	field(b, "command", h.Command)
	where := fileLine(h, false)
	if h.Source != "" {
		where = strings.TrimSpace(where + " (" + h.Source + " config)")
	}
	field(b, "written", where)
	field(b, "matched", matchedHow(r, h))
	if h.Decision != "" {
		field(b, "decided", h.Decision+": "+h.Reason)
	}
	if inProcess(h) {
		// A rules hook: no process, nothing printed.
		field(b, "ran", "in hookexec's own process (no process), outcome "+h.Outcome+", after "+millis(h.DurationMs))
		return
	}
	field(b, "ended", exitText(h))
	excerpt(b, "  ", "stdout", h.Stdout)
	excerpt(b, "  ", "stderr", h.Stderr)
}

// inProcess: the hook ran in hookexec's own process (a rules hook): it
// decided without an exit status, a signal, an error or any output.
func inProcess(h Hook) bool {
	return h.Decision != "" && h.ExitCode == nil && h.Signal == "" && h.Error == "" && h.Stdout == "" && h.Stderr == ""
}

// matchedHow says how the hook was selected: the event, its matcher and
// the tool that matched it (or that it has none), and its "if" rule.
func matchedHow(r Record, h Hook) string {
	s := "event " + or(r.EventName, r.Event)
	switch {
	case h.Matcher != "" && r.Tool != "":
		s += ", matcher " + quoted(h.Matcher) + " matched tool " + r.Tool
	case h.Matcher != "":
		s += ", matcher " + quoted(h.Matcher)
	default:
		s += ", no matcher: every tool"
	}
	if h.If != "" {
		s += ", if " + quoted(h.If) + " held"
	}
	return s
}

// excerpt writes what a hook printed on one stream, indented; it says
// when the record or this listing cut it.
func excerpt(b *strings.Builder, indent, stream, text string) {
	if text == "" {
		fmt.Fprintf(b, "%s%-9s (nothing)\n", indent, stream)
		return
	}
	stored := len(text)
	text = strings.TrimRight(clean(text, true), "\n")
	lines := strings.Split(text, "\n")
	note := ""
	if stored >= ExcerptBytes-8 && strings.HasSuffix(text, "…") {
		note = " (cut: the log keeps the first " + fmt.Sprint(ExcerptBytes) + " bytes)"
	}
	if len(lines) > excerptLines {
		note = fmt.Sprintf(" (first %d of %d lines)", excerptLines, len(lines))
		lines = lines[:excerptLines]
	}
	fmt.Fprintf(b, "%s%s%s:\n", indent, stream, note)
	for _, l := range lines {
		fmt.Fprintf(b, "%s  | %s\n", indent, l)
	}
}

// nextSteps are what to do about the event: see how it matched, look at
// or edit the policy, trust the edit.
func nextSteps(r Record) []string {
	event := clean(or(r.EventName, r.Event), false)
	var steps []string
	if r.Error != "" {
		steps = append(steps, "check the configs fire loads: hookexec validate")
	}
	if r.Tool != "" {
		steps = append(steps, fmt.Sprintf("see which hooks match: hookexec plan %s < event.json (an event with \"tool_name\": %q and the input above)", event, r.Tool))
	} else {
		steps = append(steps, fmt.Sprintf("see which hooks match: hookexec plan %s < event.json", event))
	}
	if r.Policy != nil && r.Policy.File != "" {
		steps = append(steps, "to change the policy, edit "+clean(fileLine(*r.Policy, false), false))
		if r.Policy.Source == "project" {
			steps = append(steps, "after editing a project's hook files, review and trust them again: hookexec trust "+clean(r.Project, false))
		}
	}
	steps = append(steps, "every recent block: hookexec log --blocked --since 1h")
	return steps
}
