package aggregator

import (
	"fmt"
	"math"
	"strings"
	"time"

	"github.com/hookexec/hookexec/internal/agents/agent"
	"github.com/hookexec/hookexec/internal/event"
	"github.com/hookexec/hookexec/internal/jsonpos"
	"github.com/hookexec/hookexec/internal/runner"
	"github.com/hookexec/hookexec/internal/verdict"
)

// noBlockMessage is the reason of an exit-2 block that said nothing.
const noBlockMessage = "hook exited with code 2 without an error message"

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
		reading := meta.reading()
		r.ExitCode = &code
		switch {
		case reading == agent.ReadExitCode:
			// stdout is never an answer, so a cut one loses nothing.
			r.Outcome, r.Output, detail = exitCodeExited(ev, code, out, errText, &notes)
		case code == 0 && cutAnswer(res, out):
			// An error of the hook: it blocks when the hook fails closed,
			// and the agent is told in any case, since a deny may have been
			// lost.
			r.Outcome = verdict.Error
			notes = append(notes, lostAnswer)
			r.Output = &verdict.Output{SystemMessage: "Warning: " + withText("hook "+r.Name+": "+lostAnswer, errText)}
			detail = withText(lostAnswer, errText)
		case reading == agent.ReadGemini:
			r.Outcome, r.Output = geminiExited(code, out, errText, &notes)
			if r.Outcome == verdict.Error {
				failure := fmt.Sprintf("exit code %d", code)
				if code == 2 && r.Output == nil {
					failure += " without output, which Gemini CLI does not take as a block"
				}
				notes = append(notes, failure)
				detail = withText(failure, firstNonEmpty(errText, out))
			}
		case reading == agent.ReadCopilot:
			r.Outcome, r.Output, detail = copilotExited(ev, meta.EventKey, code, out, errText, &notes)
		case code == 0:
			r.Outcome = verdict.Success
			r.Output = successOutput(ev, meta, out, &notes)
		case code == 2 && reading == agent.ReadCodex:
			r.Outcome, r.Output, detail = codexExit2(errText, &notes)
		case code == 2 && cutAnswer(res, out):
			// Exit 2 denies whatever was lost; only the reason is missing.
			r.Outcome = verdict.Blocked
			notes = append(notes, lostAnswer)
			r.Output = &verdict.Output{Decision: "deny", Reason: firstNonEmpty(errText, "hook exited with code 2; its "+lostAnswer)}
		case code == 2 && reading == agent.ReadClaude:
			r.Outcome = verdict.Blocked
			r.Output = claudeBlockOutput(ev, meta, out, errText, &notes)
		case code == 2 && reading == agent.ReadQwen:
			r.Outcome = verdict.Blocked
			r.Output = qwenBlockOutput(ev, errText, &notes)
		case code == 2:
			r.Outcome = verdict.Blocked
			r.Output = blockOutput(ev, out, errText, &notes)
		case reading == agent.ReadClaude || reading == agent.ReadQwen:
			// Claude Code (and Qwen Code) shows its user nothing of a hook that fails with
			// another status (it only logs it), but reads a JSON answer on
			// stdout as on exit 0: a deny printed before exit 1 blocks.
			r.Outcome = verdict.Error
			failure := fmt.Sprintf("exit code %d", code)
			notes = append(notes, failure)
			detail = withText(failure, firstNonEmpty(errText, out))
			if obj, ok := outputObject(out); ok {
				r.Output = normalize(ev, obj, &notes)
			}
		default:
			r.Outcome = verdict.Error
			failure := fmt.Sprintf("exit code %d", code)
			notes = append(notes, failure)
			r.Output = warningOutput(out, errText)
			detail = withText(failure, firstNonEmpty(errText, out))
		}
		if res.Err != nil {
			notes = append(notes, res.Err.Error())
		}
		r.Warnings = answerWarnings(ev, meta, res, code, out, errText)
	case runner.Signaled:
		r.Outcome = verdict.Error
		failure := "killed by a signal"
		if res.Signal != "" {
			failure = "killed by " + res.Signal
		}
		notes = append(notes, failure)
		r.Output = warningOutput(out, errText)
		detail = withText(failure, firstNonEmpty(errText, out))
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
			r.Output = &verdict.Output{Decision: "deny", Reason: failClosedReason(meta, r.Name, verb, detail, errText)}
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

// successOutput interprets the trimmed stdout of a hook that exited 0.
func successOutput(ev event.Event, meta Meta, out string, notes *[]string) *verdict.Output {
	if out == "" {
		return nil
	}
	if obj, ok := outputObject(out); ok {
		o := normalize(ev, obj, notes)
		if meta.reading() == agent.ReadCursor {
			cursorFields(ev, obj, o, notes)
		}
		return o
	}
	switch {
	case ev.Plain == event.PlainWorktreePath:
		// The path of the worktree the hook created, as Claude Code
		// reads it: the last line of stdout.
		lines := strings.Split(out, "\n")
		return &verdict.Output{HookSpecificOutput: map[string]any{"worktreePath": strings.TrimSpace(lines[len(lines)-1])}}
	case ev.Plain == event.PlainContext && (meta.reading() == agent.ReadClaude || meta.reading() == agent.ReadQwen || meta.reading() == agent.ReadCodex):
		noteBanner(out, notes)
		return &verdict.Output{HookSpecificOutput: map[string]any{"additionalContext": out}}
	}
	noteBanner(out, notes)
	return &verdict.Output{SystemMessage: out}
}

// blockOutput interprets a hook that exited 2: its JSON object (if any) with
// the decision forced to deny, and the best reason available.
func blockOutput(ev event.Event, out, errText string, notes *[]string) *verdict.Output {
	o := &verdict.Output{}
	plain := ""
	if obj, ok := outputObject(out); ok {
		o = normalize(ev, obj, notes)
	} else if out != "" && !isJSON(out) {
		plain = out
		noteBanner(out, notes)
	}
	o.Decision = "deny"
	o.Reason = firstNonEmpty(errText, o.Reason, plain, noBlockMessage)
	return o
}

// warningOutput is the output of a hook that failed: its message as a
// warning, or none when it said nothing.
func warningOutput(out, errText string) *verdict.Output {
	text := firstNonEmpty(errText, out)
	if text == "" {
		return nil
	}
	return &verdict.Output{SystemMessage: "Warning: " + text}
}

// noteBanner notes the common mistake of printing text before the JSON
// object: the whole stdout is then plain text, but its last line is JSON.
func noteBanner(out string, notes *[]string) {
	i := strings.LastIndexByte(out, '\n')
	if i < 0 {
		return
	}
	if _, ok := decodeObject(strings.TrimSpace(out[i+1:])); ok {
		*notes = append(*notes, "stdout is not a single JSON object (text before the JSON); treated as plain text")
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

func withText(failure, text string) string {
	if text == "" {
		return failure
	}
	return failure + ": " + text
}

func firstNonEmpty(s ...string) string {
	for _, v := range s {
		if v != "" {
			return v
		}
	}
	return ""
}

// durationMs is d in milliseconds, rounded to microseconds.
func durationMs(d time.Duration) float64 {
	return math.Round(float64(d.Nanoseconds())/1e3) / 1e3
}
