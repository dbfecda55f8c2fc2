package audit

import (
	"fmt"
	"io"
	"strconv"
	"strings"
	"time"
)

// The widths the fields of a line of 'hookexec log' are cut to.
const (
	agentWidth    = 10
	eventWidth    = 18
	toolWidth     = 14
	decisionWidth = 7
	inputWidth    = 48
	policyWidth   = 40
	reasonWidth   = 72
)

// timeLayout is how a record's time is shown, in the local time zone.
const timeLayout = "2006-01-02 15:04:05"

// WriteLog writes entries one line each, oldest first (see LogLine).
func WriteLog(w io.Writer, entries []Entry, paint Paint) error {
	n := IDWidth(entries)
	var b strings.Builder
	for _, e := range entries {
		b.WriteString(LogLine(e, n, paint))
		b.WriteByte('\n')
	}
	_, err := io.WriteString(w, b.String())
	return err
}

// IDWidth is how much of the ids tells entries apart (at least 8
// characters), what a line shows of its id for 'hookexec why ID'.
func IDWidth(entries []Entry) int {
	n := 8
	seen := make(map[string]bool, len(entries))
	for grow := true; grow; {
		grow = false
		clear(seen)
		for _, e := range entries {
			p := e.ID[:min(n, len(e.ID))]
			if seen[p] && len(e.ID) > n {
				n++
				grow = true
				break
			}
			seen[p] = true
		}
	}
	return n
}

// LogLine is one record on one line: its id (idWidth characters), local
// time, agent, event, tool, decision, input summary, and for a stopped
// event the deciding policy (name or command, file:line) and reason;
// every field cut to its width.
func LogLine(e Entry, idWidth int, paint Paint) string {
	dec, tone := decisionOf(e.Record)
	fields := []string{
		pad(cut(e.ID, idWidth), idWidth),
		e.At.Local().Format(timeLayout),
		pad(cut(or(e.Agent, "-"), agentWidth), agentWidth),
		pad(cut(or(e.EventName, e.Event), eventWidth), eventWidth),
		pad(cut(or(e.Tool, "-"), toolWidth), toolWidth),
		paint.paint(tone, pad(dec, decisionWidth)),
	}
	tail := []string{cut(e.Input, inputWidth)}
	switch {
	case e.Error != "":
		tail = append(tail, cut(e.Error, reasonWidth))
	case Stopped(e.Record):
		if e.Policy != nil {
			tail = append(tail, cut(policyRef(*e.Policy), policyWidth))
		}
		if e.Reason != "" {
			tail = append(tail, cut(e.Reason, reasonWidth))
		}
	}
	if len(tail) > 1 {
		tail[0] = pad(or(tail[0], "-"), inputWidth)
	}
	return strings.TrimRight(strings.Join(append(fields, tail...), "  "), " ")
}

// policyRef names a hook briefly: its name (else its command) and where
// it is written ("guard (.hookexec/hooks.json:3)").
func policyRef(h Hook) string {
	name := or(h.Name, h.Command)
	if where := fileLine(h, true); where != "" {
		return name + " (" + where + ")"
	}
	return name
}

// fileLine is "file:line" (the file shortened when short), "" when the
// hook's file is unknown.
func fileLine(h Hook, short bool) string {
	if h.File == "" {
		return ""
	}
	f := h.File
	if short {
		f = shortFile(f)
	}
	if h.Line > 0 {
		f += ":" + strconv.Itoa(h.Line)
	}
	return f
}

// exitText is how a hook ended: "exit status 2", "killed by SIGKILL",
// with its outcome and time.
func exitText(h Hook) string {
	var parts []string
	switch {
	case h.Signal != "":
		parts = append(parts, "killed by "+clean(h.Signal, false))
	case h.ExitCode != nil:
		parts = append(parts, "exit status "+strconv.Itoa(*h.ExitCode))
	default:
		parts = append(parts, "no exit status")
	}
	if h.Outcome != "" {
		parts = append(parts, "outcome "+clean(h.Outcome, false))
	}
	parts = append(parts, "after "+millis(h.DurationMs))
	if h.Error != "" {
		parts = append(parts, clean(h.Error, false))
	}
	return strings.Join(parts, ", ")
}

// millis shows a duration in milliseconds as Go prints durations.
func millis(ms float64) string {
	return time.Duration(ms * float64(time.Millisecond)).Round(time.Millisecond / 10).String()
}

// quoted is s in double quotes, cleaned.
func quoted(s string) string { return fmt.Sprintf("%q", clean(s, false)) }
