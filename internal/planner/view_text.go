package planner

import (
	"encoding/json"
	"fmt"
	"io"
	"strconv"
	"strings"
	"text/tabwriter"

	"github.com/hookexec/hookexec/internal/agents"
	"github.com/hookexec/hookexec/internal/matcher"
	"github.com/hookexec/hookexec/internal/registry"
	"github.com/hookexec/hookexec/internal/trust"
)

// WriteText renders a plan for humans: a header (event, match value,
// mode, files), one block per hook that runs, a table of the hooks that do
// not, and the config warnings.
func (v View) WriteText(w io.Writer) error {
	var b strings.Builder
	writePlanHeader(&b, v)
	fmt.Fprintf(&b, "\nrun (%d)\n", len(v.Steps))
	if len(v.Steps) == 0 {
		b.WriteString("  nothing to run\n")
	}
	width := len(strconv.Itoa(len(v.Steps)))
	for i, s := range v.Steps {
		writePlanStep(&b, i+1, width, s, v.failNote)
	}
	if len(v.Dropped) > 0 {
		fmt.Fprintf(&b, "\nnot run (%d)\n", len(v.Dropped))
		tw := tabwriter.NewWriter(&b, 0, 0, 2, ' ', 0)
		for _, d := range v.Dropped {
			// Into b, which cannot fail; a tabwriter error would come from Flush.
			_, _ = fmt.Fprintf(tw, "  %s\t%s\t%s\t%s\n", d.Reason, clip(printable(d.Name), 40), printable(d.Detail), printable(position(d.HookView)))
		}
		if err := tw.Flush(); err != nil {
			return err
		}
	}
	if v.Denied != "" {
		b.WriteString("\ndenied: fire denies this event whatever the hooks answer, since hooks it was given do not run\n")
		for _, line := range strings.Split(v.Denied, "\n") {
			b.WriteString("  " + printable(line) + "\n")
		}
	}
	if len(v.Warnings) > 0 {
		fmt.Fprintf(&b, "\nwarnings (%d)\n", len(v.Warnings))
		for _, warning := range v.Warnings {
			b.WriteString("  " + printable(warning) + "\n")
		}
	}
	_, err := io.WriteString(w, b.String())
	return err
}

func writePlanHeader(b *strings.Builder, v View) {
	name := v.Event
	if v.Claude != "" {
		name += " (" + v.Claude + ")"
	}
	block := "can block"
	if !v.CanBlock {
		block = "cannot block"
	}
	fmt.Fprintf(b, "event    %s: %s, %s\n", name, v.Strategy, block)
	switch {
	case v.MatchField == "":
		fmt.Fprintf(b, "match    nothing: %s has no match value, matchers are ignored\n", v.Event)
	case v.MatchValue == nil:
		fmt.Fprintf(b, "match    %s is not in the input: only match-all matchers match\n", v.MatchField)
	default:
		fmt.Fprintf(b, "match    %s = %s\n", v.MatchField, strconv.Quote(*v.MatchValue))
	}
	if v.Tool != nil {
		fmt.Fprintf(b, "tool     %s\n", printable(toolText(*v.Tool)))
	}
	mode := v.Mode
	if v.ModeReason != "" {
		mode += " (" + v.ModeReason + ")"
	}
	fmt.Fprintf(b, "mode     %s\n", mode)
	fmt.Fprintf(b, "project  %s\n", printable(v.ProjectDir))
	if len(v.Files) == 0 {
		b.WriteString("files    none found\n")
		return
	}
	srcWidth, dialectWidth := 0, 0
	for _, f := range v.Files {
		srcWidth, dialectWidth = max(srcWidth, len(f.Source)), max(dialectWidth, len(f.Dialect))
	}
	for i, f := range v.Files {
		label := "files"
		if i > 0 {
			label = ""
		}
		line := fmt.Sprintf("%-8s %-*s  %-*s  %s", label, srcWidth, f.Source, dialectWidth, f.Dialect, printable(f.File))
		if !f.Enabled {
			line += "  (disabled)"
		}
		if f.FailClosed {
			line += "  (fail-closed)"
		}
		b.WriteString(line + "\n")
	}
}

func writePlanStep(b *strings.Builder, n, width int, s StepView, failNote string) {
	fmt.Fprintf(b, "  %*d  %s\n", width, n, printable(s.Name))
	indent := strings.Repeat(" ", width+4)
	field := func(label, value string) {
		fmt.Fprintf(b, "%s%-8s %s\n", indent, label, printable(value))
	}
	if s.Description != "" {
		field("about", s.Description)
	}
	if s.Name != s.Command && s.Command != "" {
		field("command", s.Command)
	}
	switch s.Form {
	case "rules":
		for _, r := range s.Rules {
			field("rule", r)
		}
		field("runs", "in hookexec's own process (no shell, no process)")
		decides := s.Decides
		if s.DecidesWhy != "" {
			decides += ": " + s.DecidesWhy
		}
		field("decides", decides)
	case "http":
		field("post", s.URL)
		if len(s.Headers) > 0 {
			field("headers", strings.Join(s.Headers, ", ")+" (values not shown)")
		}
	case "exec":
		args, _ := json.Marshal(s.Args)
		field("args", string(args))
		field("shell", "none (exec form)")
	default:
		field("shell", printable(s.Shell)+" -c")
	}
	field("matcher", describeMatcher(s.HookView))
	if s.If != "" {
		field("if", strings.TrimPrefix(s.IfMatch, "if "))
	}
	if s.Form != "rules" {
		field("timeout", s.Timeout+" ("+s.TimeoutFrom+")")
	}
	fails := "open"
	if s.Background != "" {
		field("runs", "in the background ("+s.Background+"): the verdict does not wait for it or read it")
		fails = "never counts (" + s.Background + ")"
	} else if s.FailClosed {
		fails = "closed (" + s.FailClosedFrom + ")"
		if failNote != "" {
			fails += "; " + failNote
		}
	}
	field("fails", fails)
	from := position(s.HookView) + " (" + s.Source + ", " + s.Dialect + " dialect, key " + s.EventKey
	if s.Priority != 0 {
		from += ", priority " + strconv.Itoa(s.Priority)
	}
	if s.Sequential {
		from += ", sequential"
	}
	field("from", from+")")
}

func position(h HookView) string {
	return registry.Position{File: h.File, Line: h.Line, Col: h.Col}.String()
}

// describeMatcher says how the matcher was read.
func describeMatcher(h HookView) string {
	quoted := strconv.Quote(h.Matcher)
	if h.MatcherIgnored {
		if strings.TrimSpace(h.Matcher) == "" {
			return "none (the event has no match value)"
		}
		return quoted + ", ignored: the event has no match value"
	}
	switch h.MatcherKind {
	case matcher.KindAll:
		if h.Matcher == "" {
			return "none: matches every value"
		}
		return quoted + ": matches every value"
	case matcher.KindGlob:
		return quoted + " (globs, whole value)"
	case matcher.KindRegex:
		return quoted + " (regular expression, unanchored)"
	case matcher.KindAnchoredRegex:
		return quoted + " (regular expression, whole value)"
	case matcher.KindExact:
		return quoted + " (exact value)"
	case matcher.KindExactList:
		return quoted + " (list of exact names)"
	case matcher.KindInvalidRegex:
		return quoted + " (invalid regular expression: never matches)"
	default:
		return quoted + " (" + h.MatcherKind + ")"
	}
}

// printable is how plan shows text that comes from a config or a path: as
// trust's review shows it (control characters, terminal escapes and
// bidirectional overrides escaped), so that a hostile config cannot rewrite
// what the user reads.
func printable(s string) string { return trust.Printable(s) }

// clip shortens s to at most n bytes (runes kept whole), marking the cut.
func clip(s string, n int) string {
	if len(s) <= n {
		return s
	}
	cut := n - 3
	for cut > 0 && !isRuneStart(s[cut]) {
		cut--
	}
	return s[:cut] + "..."
}

func isRuneStart(c byte) bool { return c&0xC0 != 0x80 }

// toolText says how the tool was classified: "Bash: family shell (Claude
// Code's table; agent claude)".
func toolText(c agents.Classification) string {
	tool := strconv.Quote(c.Tool)
	if c.Tool == "" {
		tool = "no tool name"
	}
	agentName := "agent " + c.Agent
	if c.Agent == "" {
		agentName = "agent unknown"
	}
	var rule string
	switch c.Rule {
	case agents.RuleAgent:
		rule = "the agent's own tools"
	case agents.RuleOtherAgent:
		rule = c.By + "'s tools (the first agent that has it)"
	case agents.RuleMCPPrefix:
		rule = c.By + "'s MCP prefix"
	case agents.RuleEventAlias:
		rule = "the event name " + c.By + ", which is for that family only"
	case agents.RulePayload:
		rule = "the agent's payload"
	default:
		return tool + ": family unknown (no agent hookexec knows has this tool; " + agentName + ")"
	}
	return tool + ": family " + string(c.Family) + " (" + rule + "; " + agentName + ")"
}
