package planner

import (
	"cmp"
	"slices"
	"strings"
	"time"

	"github.com/hookexec/hookexec/internal/agents"
	"github.com/hookexec/hookexec/internal/event"
	"github.com/hookexec/hookexec/internal/matcher"
	"github.com/hookexec/hookexec/internal/permrule"
	"github.com/hookexec/hookexec/internal/registry"
	"github.com/hookexec/hookexec/internal/rules"
)

// Step is one hook the plan runs.
type Step struct {
	Index int
	Hook  *registry.Hook
	// Shell is the resolved shell program for the shell form ("" for the
	// exec form).
	Shell      string
	Timeout    time.Duration
	FailClosed bool
	// IfMatch says why the hook's "if" let it run ("" without one).
	IfMatch string
}

// DropReason says why a hook registered for the event is not in the plan.
type DropReason string

const (
	NoMatch   DropReason = "no-match"
	Disabled  DropReason = "disabled"
	Duplicate DropReason = "duplicate"
	// If: the hook's "if" permission rule does not match the tool call,
	// or the event has no tool.
	If DropReason = "if"
)

// Dropped is a hook of the event that does not run.
type Dropped struct {
	Hook   *registry.Hook
	Reason DropReason
	Detail string
}

// Plan is what fire runs for one event.
type Plan struct {
	Event event.Event
	// MatchValue is the input's match field; HasMatchValue is false when the
	// event has no match value or the input lacks the field.
	MatchValue    string
	HasMatchValue bool
	Steps         []Step
	Sequential    bool
	Dropped       []Dropped
	// Call is the event as the normalized view reads it: native hooks get
	// its view (agent.ViewKey), family matchers its tool's family.
	Call *agents.Call
	// Places anchor the path patterns of rules hooks (the input's cwd, the
	// project directory, the home directory).
	Places permrule.Places
	// input is the event's input, which plan's view evaluates rules hooks
	// on (RulesResult).
	input *event.Input
}

// RulesResult is what the rules hook of step decides for the event's tool
// call read from in (the view of call) and anchored at p's places; no
// decision on an event without a tool. fire and plan decide alike
// through it.
func (p Plan) RulesResult(step Step, in *event.Input, call *agents.Call) rules.Result {
	if step.Hook.Rules == nil || p.Event.MatchField != registry.ToolField || call == nil {
		return rules.Result{}
	}
	var input map[string]any
	if in != nil {
		input = in.Object("tool_input")
	}
	return step.Hook.Rules.Evaluate(rules.Calls(call.View(), input, p.Places))
}

// Options are the command-line settings that shape a plan.
type Options struct {
	// Timeout is --timeout; 0 means the dialect default.
	Timeout    time.Duration
	Sequential bool
	FailClosed bool
	// Shell is $HOOKEXEC_SHELL ("" when unset).
	Shell string
	// HasProgram reports whether a program is on PATH, to pick the
	// dialect's default shell ("bash, else sh"). nil: the first default.
	HasProgram func(name string) bool
	// Getenv reads the variables that locate the default shells on
	// Windows (registry.Dialect.DefaultShells); nil: none is set.
	Getenv func(string) string
	// ProjectDir and Home anchor the path patterns of "if" rules
	// ("/src/**", "~/.ssh/**"); the input's cwd anchors the others.
	ProjectDir string
	Home       string
	// Call is the fired event as the normalized view reads it (the agent
	// that sent it, the name it was fired under); nil: the event under its
	// canonical name from an unknown agent.
	Call *agents.Call
}

// Build plans ev for the event input in (nil: {}), per SPEC §3: matching
// on the input's match field, "if" rules on its tool call, disabled
// hooks, dedup by execution identity, mode.
func Build(reg *registry.Registry, ev event.Event, in *event.Input, opts Options) Plan {
	call := opts.Call
	if call == nil {
		call = agents.NewCall("", agents.EventName{Key: ev.Name, Event: ev}, in)
	}
	matchValue, hasMatchValue := matchValue(ev, in, call)
	p := Plan{Event: ev, MatchValue: matchValue, HasMatchValue: hasMatchValue, Call: call, input: in}
	p.Places = permrule.Places{ProjectDir: opts.ProjectDir, Home: opts.Home}
	if in != nil {
		p.Places.Cwd, _ = in.String("cwd")
	}
	// The tool call "if" rules test is read (tool_input decoded) only for
	// a hook that has one: most events have none, and decoding tool_input
	// for them would cost every fire.
	var ifCall *permrule.Call
	ifCallRead := false
	readIfCall := func() *permrule.Call {
		if !ifCallRead {
			ifCall, ifCallRead = toolCall(ev, in, opts), true
		}
		return ifCall
	}
	shells := map[registry.Dialect]string{}
	var candidates []Step
	var ids []string
	best := map[string]int{} // identity -> index in candidates of the copy that runs
	order := map[*registry.Hook]int{}
	for i, h := range reg.ForEvent(ev) {
		order[h] = i
		if detail, ok := keyFamilyMatches(h, ev, call); !ok {
			p.Dropped = append(p.Dropped, Dropped{Hook: h, Reason: NoMatch, Detail: detail})
			continue
		}
		if !matches(h, ev, matchValue, hasMatchValue, call) {
			p.Dropped = append(p.Dropped, Dropped{Hook: h, Reason: NoMatch, Detail: noMatchDetail(h, ev, hasMatchValue, call)})
			continue
		}
		ifMatch, ok := "", true
		if h.If != "" {
			ifMatch, ok = checkIf(h, readIfCall())
		}
		if !ok {
			p.Dropped = append(p.Dropped, Dropped{Hook: h, Reason: If, Detail: ifMatch})
			continue
		}
		if h.FileDisabled {
			p.Dropped = append(p.Dropped, Dropped{Hook: h, Reason: Disabled, Detail: "its file is disabled"})
			continue
		}
		if reg.IsDisabled(h) {
			p.Dropped = append(p.Dropped, Dropped{Hook: h, Reason: Disabled, Detail: "listed in hooksConfig.disabled"})
			continue
		}
		step := Step{Hook: h, Timeout: timeout(h, opts), FailClosed: h.FailClosed || opts.FailClosed, IfMatch: ifMatch}
		if !h.ExecForm && h.HTTP == nil && h.Rules == nil {
			step.Shell = shell(h, opts, shells)
		}
		id := identity(step)
		// The first copy in plan order runs, unless a later copy comes
		// from a file of higher trust: a project copy never replaces the
		// user's timeout, env or fail policy (SPEC §2.4, §3.2).
		if i, dup := best[id]; !dup || candidates[i].Hook.FromProject && !h.FromProject {
			best[id] = len(candidates)
		}
		candidates = append(candidates, step)
		ids = append(ids, id)
	}
	for i, step := range candidates {
		if kept := candidates[best[ids[i]]].Hook; kept != step.Hook {
			detail := "same command as " + kept.Pos.String()
			if step.Hook.FromProject && !kept.FromProject {
				detail += " (the copy from a user, system or explicit file wins over a project copy)"
			}
			p.Dropped = append(p.Dropped, Dropped{Hook: step.Hook, Reason: Duplicate, Detail: detail})
			continue
		}
		step.Index = len(p.Steps)
		p.Sequential = p.Sequential || step.Hook.Sequential
		p.Steps = append(p.Steps, step)
	}
	p.Sequential = p.Sequential || opts.Sequential
	slices.SortStableFunc(p.Dropped, func(a, b Dropped) int { return cmp.Compare(order[a.Hook], order[b.Hook]) })
	return p
}

// matches applies SPEC §1: an event without a match value ignores
// matchers; an input without the field only matches match-all matchers.
// A dialect whose agent matches without a value (Gemini CLI's planner in
// 0.61: agent.Agent.MatchesWithoutValue) matches as the agent does
// instead: a Notification matcher is never compared, and an input without
// the field (or with it empty) matches every matcher.
//
// A native matcher's "@FAMILY" alternatives are tested against the
// family call's view gives the tool (matcher.ToolMatcher).
func matches(h *registry.Hook, ev event.Event, value string, has bool, call *agents.Call) bool {
	if ev.MatchField == "" || h.Matcher == nil || h.Matcher.MatchesAll() {
		return true
	}
	if (ev.Name == "Notification" || !has || value == "") && h.Dialect.MatchesWithoutValue() {
		return true
	}
	if tm, ok := h.Matcher.(matcher.ToolMatcher); ok && has {
		return tm.MatchTool(value, call.Classification().Family)
	}
	return has && h.Matcher.Match(value)
}

func noMatchDetail(h *registry.Hook, ev event.Event, has bool, call *agents.Call) string {
	if !has {
		return "input has no string " + ev.MatchField + "; only match-all matchers apply"
	}
	detail := "matcher " + quoteMatcher(h.Matcher) + " (" + h.Matcher.Kind() + ") does not match"
	if _, ok := h.Matcher.(matcher.ToolMatcher); ok {
		detail += " (tool family: " + familyName(call.Classification().Family) + ")"
	}
	return detail
}

func quoteMatcher(m registry.Matcher) string {
	return `"` + m.String() + `"`
}

// timeout is the hook's timeout, else --timeout, else the dialect default.
func timeout(h *registry.Hook, opts Options) time.Duration {
	switch {
	case h.Timeout > 0:
		return h.Timeout
	case opts.Timeout > 0:
		return opts.Timeout
	default:
		return h.Dialect.DefaultTimeout()
	}
}

// shell is the hook's shell, else $HOOKEXEC_SHELL, else the dialect's
// first default shell that is installed (SPEC §4.2).
func shell(h *registry.Hook, opts Options, cache map[registry.Dialect]string) string {
	if h.Shell != "" {
		return h.Shell
	}
	if opts.Shell != "" {
		return opts.Shell
	}
	if s, ok := cache[h.Dialect]; ok {
		return s
	}
	defaults := h.Dialect.DefaultShells(opts.Getenv)
	s := defaults[len(defaults)-1]
	for _, d := range defaults {
		if opts.HasProgram == nil || opts.HasProgram(d) {
			s = d
			break
		}
	}
	cache[h.Dialect] = s
	return s
}

// identity is a step's execution identity (SPEC §3.2): shell + trimmed
// command, or command + args, plus env; and whether it runs in the
// background, so that a background copy never stands in for a guard whose
// answer counts. An http hook's is its URL and headers as written.
func identity(s Step) string {
	var b strings.Builder
	if s.Hook.Rules != nil {
		// Two rules hooks are never the same hook: each is its own list.
		return "rules\x00" + s.Hook.Pos.String()
	}
	if h := s.Hook.HTTP; h != nil {
		b.WriteString("http\x00" + h.URL)
		for _, f := range h.Headers {
			b.WriteString("\x00" + f.Name + ": " + f.Value)
		}
		return b.String()
	}
	if s.Hook.Async {
		b.WriteString("async\x00")
	}
	if s.Hook.ExecForm {
		b.WriteString("exec\x00" + s.Hook.Command)
		for _, a := range s.Hook.Args {
			b.WriteString("\x00" + a)
		}
	} else {
		b.WriteString("shell\x00" + s.Shell + "\x00" + strings.TrimSpace(s.Hook.Command))
	}
	keys := make([]string, 0, len(s.Hook.Env))
	for k := range s.Hook.Env {
		keys = append(keys, k)
	}
	slices.Sort(keys)
	b.WriteString("\x01")
	for _, k := range keys {
		b.WriteString(k + "=" + s.Hook.Env[k] + "\x00")
	}
	return b.String()
}
