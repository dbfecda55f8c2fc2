package audit

import (
	"crypto/rand"
	"encoding/hex"
	"time"

	"github.com/hookexec/hookexec/internal/agents"
	"github.com/hookexec/hookexec/internal/engine"
	"github.com/hookexec/hookexec/internal/trust"
	"github.com/hookexec/hookexec/internal/verdict"
)

// How an event arrived: Record.Via.
const (
	ViaFire  = "fire"
	ViaServe = "serve"
)

// FromResult is the record of one finished request: res of req, fired by
// via (ViaFire, ViaServe). The input appears only as Summarize's summary,
// the hooks' output only as masked excerpts of the deciding and failed
// hooks.
func FromResult(req engine.Request, res engine.Result, via string) Record {
	start := res.Start
	if start.IsZero() {
		start = time.Now()
	}
	r := Record{
		V:      Version,
		ID:     newID(),
		Time:   start.UTC().Format(time.RFC3339Nano),
		Via:    via,
		Event:  req.Event.Name,
		Format: formatName(req.Format),
	}
	if req.Name.Key != "" && req.Name.Key != req.Event.Name {
		r.EventName = req.Name.Key
	}
	r.Project = res.ProjectDir
	if in := res.Input; in != nil {
		r.Session, _ = in.String("session_id")
		if cwd, _ := in.String("cwd"); cwd != res.ProjectDir {
			r.Cwd = cwd
		}
		name := req.Name
		if name.Key == "" {
			name = agents.EventName{Key: req.Event.Name}
		}
		name.Event = req.Event
		getenv := req.Getenv
		if getenv == nil {
			getenv = func(string) string { return "" }
		}
		view := agents.NewDetectedCall(req.Format, getenv, name, in).View()
		r.Tool = view.Tool
		if _, under := trust.UnderAgent(getenv); under || via != ViaFire {
			r.Agent = view.Agent
		} else {
			r.ByHand = true
		}
		r.Input = Summarize(inputText(view.Command, view.Paths, view.Prompt))
	}
	switch {
	case res.Refused != nil:
		r.Error = shorten(res.Refused.Error(), ReasonBytes)
	case res.Err != nil:
		r.Error = shorten(res.Err.Error(), ReasonBytes)
	case res.Interrupted:
		r.Error = "interrupted before any hook ran"
	}
	fillVerdict(&r, res.Verdict)
	if res.Err != nil && len(r.GuardOff) == 0 {
		r.GuardOff = []verdict.GuardOff{{Kind: engine.ErrorKind(res.InputErr), Detail: r.Error}}
	}
	if r.DurationMs == 0 && !res.Start.IsZero() {
		r.DurationMs = float64(time.Since(res.Start).Microseconds()) / 1000
	}
	return r
}

// fillVerdict puts the verdict's decision, the deciding hook and the
// failed ones into r.
func fillVerdict(r *Record, v verdict.Verdict) {
	r.Decision, r.Blocked = v.Decision, v.Blocked
	r.Reason = shorten(v.Reason, ReasonBytes)
	r.Hooks, r.DurationMs = len(v.Hooks), v.DurationMs
	for _, g := range v.GuardOff {
		g.Detail = shorten(g.Detail, ReasonBytes)
		r.GuardOff = append(r.GuardOff, g)
	}
	for _, w := range v.Warnings {
		r.Warnings = append(r.Warnings, shorten(w, ReasonBytes))
	}
	d := engine.Decider(v)
	if d >= 0 {
		h := hookOf(v.Hooks[d])
		r.Policy = &h
	}
	for i, h := range v.Hooks {
		if i != d && failed(h.Outcome) {
			r.Failed = append(r.Failed, hookOf(h))
		}
	}
}

// failed is an outcome of a hook that did not answer.
func failed(o verdict.Outcome) bool {
	switch o {
	case verdict.Error, verdict.Timeout, verdict.SpawnError, verdict.Cancelled:
		return true
	}
	return false
}

// hookOf is one hook's report as the log keeps it.
func hookOf(h verdict.HookReport) Hook {
	out := Hook{
		Name: Summarize(h.Name), Command: Summarize(h.Command), Source: h.Source, File: h.File, Line: h.Line,
		Matcher: h.Matcher, If: h.If, Outcome: string(h.Outcome), ExitCode: h.ExitCode, Signal: h.Signal,
		Stdout: Excerpt(h.Stdout), Stderr: Excerpt(h.Stderr), Error: shorten(h.Error, ReasonBytes), DurationMs: h.DurationMs,
	}
	if o := h.Output; o != nil && o.Decision != "" {
		out.Decision, out.Reason = o.Decision, shorten(Mask(o.Reason), ReasonBytes)
	}
	return out
}

// formatName is Record.Format: "" for hookexec's own result JSON.
func formatName(f verdict.Format) string {
	if f == verdict.FormatResult {
		return ""
	}
	return string(f)
}

// newID is a record's id: 16 random hex digits (a time-based one if the
// system's randomness fails).
func newID() string {
	var b [8]byte
	if _, err := rand.Read(b[:]); err != nil {
		return hex.EncodeToString([]byte(time.Now().UTC().Format("150405.000000")))[:16]
	}
	return hex.EncodeToString(b[:])
}
