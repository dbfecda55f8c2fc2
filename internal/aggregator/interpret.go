package aggregator

import (
	"math"
	"strings"
	"time"

	"github.com/hookexec/hookexec/internal/agents/agent"
	"github.com/hookexec/hookexec/internal/event"
	"github.com/hookexec/hookexec/internal/jsonpos"
	"github.com/hookexec/hookexec/internal/reading"
	"github.com/hookexec/hookexec/internal/runner"
	"github.com/hookexec/hookexec/internal/verdict"
)

// Interpret turns one raw runner result into a report (SPEC §4.6): outcome,
// exit code, captured output and the normalized output object, including the
// fail-closed deny for hooks that must not fail open.
func Interpret(ev event.Event, meta Meta, res runner.Result) verdict.HookReport {
	r := newReport(meta)
	r.Stdout = strings.ToValidUTF8(string(res.Stdout), "\uFFFD")
	r.Stderr = strings.ToValidUTF8(string(res.Stderr), "\uFFFD")
	r.StdoutTruncated = res.StdoutTruncated
	r.StderrTruncated = res.StderrTruncated
	if res.StdoutTruncated {
		r.StdoutDropped = res.StdoutDropped
	}
	if res.StderrTruncated {
		r.StderrDropped = res.StderrDropped
	}
	r.Signal = res.Signal
	r.DurationMs = durationMs(res.Duration)
	if res.Started {
		r.Start = res.Start
	}

	// A leading byte order mark is ignored, as in every JSON hookexec
	// reads; r.Stdout keeps it.
	out := strings.TrimSpace(strings.TrimPrefix(r.Stdout, jsonpos.BOM))
	errText := strings.TrimSpace(r.Stderr)
	var notes []string
	var detail string // what went wrong, for a fail-closed reason

	switch res.Status {
	case runner.Exited:
		if meta.HTTP {
			detail = httpAnswer(ev, meta, res, out, &r, &notes)
			break
		}
		code := res.ExitCode
		r.ExitCode = &code
		x := agent.Exit{Event: ev, Key: meta.EventKey, Name: r.Name, Command: meta.Command, Code: code, Out: out, Err: errText, Cut: cutAnswer(res, out)}
		read := meta.reader().Exited(x)
		r.Outcome, r.Output, detail = read.Outcome, read.Output, read.Detail
		notes = append(notes, read.Notes...)
		if res.Err != nil {
			notes = append(notes, res.Err.Error())
		}
		r.Warnings = answerWarnings(meta, res, x)
	case runner.Signaled:
		r.Outcome = verdict.Error
		failure := "killed by a signal"
		if res.Signal != "" {
			failure = "killed by " + res.Signal
		}
		notes = append(notes, failure)
		r.Output = reading.Warning(out, errText)
		detail = reading.WithText(failure, reading.FirstNonEmpty(errText, out))
	case runner.RequestFailed:
		detail = httpFailure("request failed: "+errString(res.Err), &r, &notes)
	case runner.TimedOut:
		r.Outcome = verdict.Timeout
		detail = timeoutDetail(res)
		if meta.HTTP {
			detail = "no response within its timeout"
		}
		notes = append(notes, "timed out: "+detail)
	case runner.SpawnFailed:
		r.Outcome = verdict.SpawnError
		detail = "could not start"
		if res.Err != nil {
			detail = res.Err.Error()
		}
		notes = append(notes, detail)
	default: // runner.Cancelled and anything unknown: never interpreted
		r.Outcome = verdict.Cancelled
		if res.Err != nil {
			notes = append(notes, res.Err.Error())
		}
	}

	if meta.FailClosed && ev.CanBlock {
		if verb := failVerb(r.Outcome); verb != "" {
			f := agent.Failure{Name: r.Name, Command: meta.Command, Verb: verb, Detail: detail, Err: errText, HTTP: meta.HTTP, ByFlag: meta.FailClosedByFlag}
			r.Output = &verdict.Output{Decision: "deny", Reason: meta.reader().FailReason(f)}
		}
	}
	r.Error = strings.Join(notes, "; ")
	// Only now: what was interpreted is what the hook printed, never the
	// marker.
	r.Stdout = withCutMarker(r.Stdout, res.StdoutTruncated, res.StdoutDropped)
	r.Stderr = withCutMarker(r.Stderr, res.StderrTruncated, res.StderrDropped)
	return r
}

// NotRun is the report of a hook that never ran: outcome Skipped (after a
// sequential block) or Cancelled (hookexec was interrupted first).
func NotRun(meta Meta, outcome verdict.Outcome) verdict.HookReport {
	r := newReport(meta)
	r.Outcome = outcome
	return r
}

func newReport(meta Meta) verdict.HookReport {
	name := meta.Name
	if name == "" {
		name = meta.Command
	}
	return verdict.HookReport{
		Name:    name,
		Command: meta.Command,
		Source:  meta.Source,
		File:    meta.File,
		Event:   meta.EventKey,
		Dialect: meta.Dialect,
		Project: meta.Project,
		Line:    meta.Line,
		Matcher: meta.Matcher,
		If:      meta.If,
	}
}

func timeoutDetail(res runner.Result) string {
	if res.Err != nil {
		return res.Err.Error()
	}
	if res.Duration > 0 {
		return "killed after " + res.Duration.Round(time.Millisecond).String()
	}
	return "killed at its timeout"
}

// failVerb is how a fail-closed reason describes an outcome; "" for outcomes
// that never fail closed.
func failVerb(o verdict.Outcome) string {
	switch o {
	case verdict.Error:
		return "failed"
	case verdict.Timeout:
		return "timed out"
	case verdict.SpawnError:
		return "could not start"
	default:
		return ""
	}
}

// durationMs is d in milliseconds, rounded to microseconds.
func durationMs(d time.Duration) float64 {
	return math.Round(float64(d.Nanoseconds())/1e3) / 1e3
}
