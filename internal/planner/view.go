package planner

import (
	"cmp"

	"github.com/hookexec/hookexec/internal/agents"
	"github.com/hookexec/hookexec/internal/matcher"
	"github.com/hookexec/hookexec/internal/registry"
	"github.com/hookexec/hookexec/internal/rules"
)

// View is what `plan` prints: the JSON document of --format json, and
// the data of the text format.
type View struct {
	Event    string `json:"event"`
	Claude   string `json:"claudeName,omitempty"`
	Strategy string `json:"strategy"`
	CanBlock bool   `json:"canBlock"`
	// MatchField is the input field matchers are tested against ("" for an
	// event without a match value); MatchValue its value, absent when the
	// input lacks it.
	MatchField string  `json:"matchField,omitempty"`
	MatchValue *string `json:"matchValue,omitempty"`
	// Tool is how the event's tool was classified (agent, tool, family,
	// rule), on an event matched on tool names; nil on others.
	Tool       *agents.Classification `json:"tool,omitempty"`
	Mode       string                 `json:"mode"` // "parallel" or "sequential"
	ModeReason string                 `json:"modeReason,omitempty"`
	ProjectDir string                 `json:"projectDir"`
	Files      []FileView             `json:"files"`
	Steps      []StepView             `json:"steps"`
	Dropped    []DropView             `json:"dropped"`
	Warnings   []string               `json:"warnings,omitempty"`
	// Denied is the reason fire denies the event with, whatever its hooks
	// answer, because hooks it was given do not run (SPEC §2.5); "" when
	// it does not. The engine fills it in.
	Denied string `json:"denied,omitempty"`
	// failNote says why failing closed has no effect (text format only).
	failNote string
}

// FileView is a config file the registry loaded.
type FileView struct {
	File       string `json:"file"`
	Source     string `json:"source"`
	Dialect    string `json:"dialect"`
	Enabled    bool   `json:"enabled"`
	FailClosed bool   `json:"failClosed"`
}

// HookView is a hook as plan shows it, run or not.
type HookView struct {
	Name        string   `json:"name"`
	Description string   `json:"description,omitempty"`
	Command     string   `json:"command"`
	Args        []string `json:"args,omitempty"`
	Form        string   `json:"form"` // "shell", "exec", "http" or "rules"
	// Rules are a rules hook's rules, "deny RULE (file:line:col)", in
	// the order their decisions win.
	Rules []string `json:"rules,omitempty"`
	// URL and Headers (names only) of an http hook.
	URL         string   `json:"url,omitempty"`
	Headers     []string `json:"headers,omitempty"`
	Source      string   `json:"source"`
	File        string   `json:"file"`
	Line        int      `json:"line"`
	Col         int      `json:"col"`
	Dialect     string   `json:"dialect"`
	EventKey    string   `json:"eventKey"`
	Matcher     string   `json:"matcher"`
	MatcherKind string   `json:"matcherKind"`
	// If is the hook's "if" permission rule as written.
	If string `json:"if,omitempty"`
	// MatcherIgnored: the event has no match value, every hook matches.
	MatcherIgnored bool `json:"matcherIgnored,omitempty"`
	Priority       int  `json:"priority"`
	Sequential     bool `json:"sequential"`
}

// StepView is a hook that runs.
type StepView struct {
	HookView
	Shell       string `json:"shell,omitempty"`
	Timeout     string `json:"timeout"`
	TimeoutMs   int64  `json:"timeoutMs"`
	TimeoutFrom string `json:"timeoutFrom"` // "hook", "--timeout" or "default"
	FailClosed  bool   `json:"failClosed"`
	// FailClosedFrom: "hook", "hooksConfig.failClosed" or "--fail-closed".
	FailClosedFrom string `json:"failClosedFrom,omitempty"`
	// IfMatch says why the hook's "if" let it run.
	IfMatch string `json:"ifMatch,omitempty"`
	// Decides is what a rules hook decides for the call ("deny", "ask",
	// "allow", "none") and DecidesWhy its reason.
	Decides    string `json:"decides,omitempty"`
	DecidesWhy string `json:"decidesWhy,omitempty"`
	// Background: "async" or "asyncRewake" for a hook the verdict does
	// not wait for (docs/async-hooks.md).
	Background string `json:"background,omitempty"`
}

// DropView is a hook that does not run.
type DropView struct {
	HookView
	Reason string `json:"reason"` // "no-match", "if", "disabled", "duplicate"
	Detail string `json:"detail"`
}

// NewView describes plan p, built from reg with opts for the project in
// projectDir, as `plan` shows it.
func NewView(p Plan, reg *registry.Registry, projectDir string, opts Options) View {
	v := View{
		Event: p.Event.Name, Strategy: p.Event.Strategy.String(), CanBlock: p.Event.CanBlock,
		MatchField: p.Event.MatchField, Mode: "parallel", ProjectDir: projectDir,
		Files: []FileView{}, Steps: []StepView{}, Dropped: []DropView{},
		Warnings: reg.WarningLines(),
	}
	if p.Event.Claude != p.Event.Name {
		v.Claude = p.Event.Claude
	}
	if p.HasMatchValue {
		value := p.MatchValue
		v.MatchValue = &value
	}
	if p.Event.MatchField == registry.ToolField && p.Call != nil {
		c := p.Call.Classification()
		v.Tool = &c
	}
	for _, f := range reg.Files {
		v.Files = append(v.Files, FileView{File: f.Path, Source: f.Source.String(), Dialect: string(f.Dialect), Enabled: f.Enabled, FailClosed: f.FailClosed})
	}
	for _, s := range p.Steps {
		sv := newStepView(s, reg, opts)
		if s.Hook.Rules != nil {
			res := p.RulesResult(s, p.input, p.Call)
			sv.Decides, sv.DecidesWhy = cmp.Or(res.Decision, "none"), res.Reason
		}
		v.Steps = append(v.Steps, sv)
	}
	for _, d := range p.Dropped {
		v.Dropped = append(v.Dropped, DropView{HookView: newHookView(d.Hook), Reason: string(d.Reason), Detail: d.Detail})
	}
	if p.Sequential {
		v.Mode = "sequential"
		v.ModeReason = "--sequential"
		if !opts.Sequential {
			for _, s := range p.Steps {
				if s.Hook.Sequential {
					v.ModeReason = "the definition of " + s.Hook.DisplayName() + " (" + s.Hook.Pos.String() + ") has \"sequential\": true"
					break
				}
			}
		}
	}
	if !p.Event.CanBlock {
		v.failNote = p.Event.Name + " cannot block, so failing closed has no effect"
	}
	return v
}

func newHookView(h *registry.Hook) HookView {
	ph := HookView{
		Name: h.DisplayName(), Description: h.Description, Command: h.Command, Form: "shell",
		Source: h.Source.String(), File: h.File, Line: h.Pos.Line, Col: h.Pos.Col,
		Dialect: string(h.Dialect), EventKey: h.EventKey,
		MatcherKind: matcher.KindAll, MatcherIgnored: h.Event.MatchField == "",
		Priority: h.Priority, Sequential: h.Sequential, If: h.If,
	}
	if h.ExecForm {
		ph.Form = "exec"
		ph.Args = append([]string{}, h.Args...)
	}
	if h.HTTP != nil {
		// Header names only: values may name secrets.
		ph.Form, ph.URL = "http", h.HTTP.URL
		for _, f := range h.HTTP.Headers {
			ph.Headers = append(ph.Headers, f.Name)
		}
	}
	if set := h.Rules; set != nil {
		ph.Form = "rules"
		for _, l := range []struct {
			decision string
			rules    []rules.Rule
		}{{rules.Deny, set.Deny}, {rules.Ask, set.Ask}, {rules.Allow, set.Allow}} {
			for _, r := range l.rules {
				ph.Rules = append(ph.Rules, l.decision+" "+r.Text+" ("+r.Pos+")")
			}
		}
		for _, u := range set.Use {
			ph.Rules = append(ph.Rules, "use "+u.Name+" ("+u.Pos+")")
		}
		for _, e := range set.Except {
			ph.Rules = append(ph.Rules, "except "+e.ID+" ("+e.Pos+")")
		}
	}
	if h.Matcher != nil {
		ph.Matcher, ph.MatcherKind = h.Matcher.String(), h.Matcher.Kind()
	}
	return ph
}

func newStepView(s Step, reg *registry.Registry, opts Options) StepView {
	h := s.Hook
	ps := StepView{
		HookView: newHookView(h), Shell: s.Shell,
		Timeout: registry.ShortDuration(s.Timeout), TimeoutMs: s.Timeout.Milliseconds(), TimeoutFrom: "default",
		FailClosed: s.FailClosed, IfMatch: s.IfMatch,
	}
	switch {
	case h.Timeout > 0:
		ps.TimeoutFrom = "hook"
	case opts.Timeout > 0:
		ps.TimeoutFrom = "--timeout"
	}
	switch {
	case h.AsyncRewake:
		ps.Background = "asyncRewake"
	case h.Async:
		ps.Background = "async"
	}
	switch {
	case h.FailClosed && h.FileIndex < len(reg.Files) && reg.Files[h.FileIndex].FailClosed:
		ps.FailClosedFrom = "hooksConfig.failClosed"
	case h.FailClosed:
		ps.FailClosedFrom = "hook"
	case s.FailClosed:
		ps.FailClosedFrom = "--fail-closed"
	}
	return ps
}
