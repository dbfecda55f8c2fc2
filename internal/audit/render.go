package audit

import (
	"fmt"
	"io"
	"strconv"
	"strings"
	"time"
	"unicode/utf8"

	"github.com/hookexec/hookexec/internal/verdict"
)

// The widths the fields of a line of 'hookexec log' are cut to.
const (
	agentWidth    = 10
	eventWidth    = 18
	toolWidth     = 18
	decisionWidth = 7
	inputWidth    = 40
	policyWidth   = 40
	reasonWidth   = 60
)

// timeLayout is how a record's time is shown, in the local time zone.
const timeLayout = "2006-01-02 15:04:05"

// WriteLog writes entries one line each, oldest first (see LogLine),
// their columns as wide as these entries need.
func WriteLog(w io.Writer, entries []Entry, paint Paint) error {
	return (&Lines{W: w, Paint: paint}).Write(entries)
}

// Lines writes batches of entries as log lines (a followed log), the
// columns as wide as the widest entry written so far needs.
type Lines struct {
	W     io.Writer
	Paint Paint
	cols  Columns
}

// Write writes entries, one line each.
func (l *Lines) Write(entries []Entry) error {
	l.cols = l.cols.widen(Fit(entries))
	var b strings.Builder
	for _, e := range entries {
		b.WriteString(LogLine(e, l.cols, l.Paint))
		b.WriteByte('\n')
	}
	_, err := io.WriteString(l.W, b.String())
	return err
}

func (c Columns) widen(o Columns) Columns {
	return Columns{ID: max(c.ID, o.ID), Agent: max(c.Agent, o.Agent), Event: max(c.Event, o.Event),
		Tool: max(c.Tool, o.Tool), Input: max(c.Input, o.Input)}
}

// Columns are the widths of a log line's padded fields: the id's (how
// much of it tells the records apart) and those cut to a bound.
type Columns struct {
	ID, Agent, Event, Tool, Input int
}

// wide are the widest Columns.
func wide() Columns {
	return Columns{Agent: agentWidth, Event: eventWidth, Tool: toolWidth, Input: inputWidth}
}

// Fit are the Columns entries need: each field as wide as its widest
// value (within its bound), the id as long as tells them apart (at least
// 8 characters).
func Fit(entries []Entry) Columns {
	c := Columns{ID: idWidth(entries)}
	for _, e := range entries {
		f := fieldsOf(e, wide())
		c.Agent = max(c.Agent, utf8.RuneCountInString(f.agent))
		c.Event = max(c.Event, utf8.RuneCountInString(f.event))
		c.Tool = max(c.Tool, utf8.RuneCountInString(f.tool))
		c.Input = max(c.Input, utf8.RuneCountInString(f.input))
	}
	return c
}

// idWidth is how much of the ids tells entries apart (at least 8).
func idWidth(entries []Entry) int {
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

// lineFields are a line's fields, cleaned and cut.
type lineFields struct {
	id, agent, event, tool, input string
}

func fieldsOf(e Entry, c Columns) lineFields {
	id := []rune(clean(e.ID, false))
	return lineFields{
		id:    string(id[:min(len(id), c.ID)]),
		agent: clip(or(e.Agent, "-"), c.Agent),
		event: clip(or(e.EventName, e.Event), c.Event),
		tool:  clip(or(e.Tool, "-"), c.Tool),
		input: clip(or(e.Input, "-"), c.Input),
	}
}

// LogLine is one record on one line: the start of its id, its local
// time, agent, event, tool, decision, input summary, and for a stopped
// event the deciding policy (name or command, file:line) and reason, or
// the error answered; every field cut to its column.
func LogLine(e Entry, c Columns, paint Paint) string {
	f := fieldsOf(e, c)
	dec, tone := decisionOf(e.Record)
	fields := []string{
		pad(f.id, c.ID),
		e.At.Local().Format(timeLayout),
		pad(f.agent, c.Agent),
		pad(f.event, c.Event),
		pad(f.tool, c.Tool),
		paint.paint(tone, dec) + pad("", decisionWidth-utf8.RuneCountInString(dec)),
		pad(f.input, c.Input),
	}
	switch {
	case e.Error != "":
		fields = append(fields, clip(e.Error, reasonWidth))
	case Stopped(e.Record):
		if e.Policy != nil {
			fields = append(fields, clip(policyRef(*e.Policy), policyWidth))
		}
		if e.Reason != "" {
			fields = append(fields, clip(e.Reason, reasonWidth))
		}
	case len(e.GuardOff) > 0:
		fields = append(fields, clip(guardOffText(e.GuardOff), reasonWidth))
	}
	return strings.TrimRight(strings.Join(fields, "  "), " ")
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

// guardOffText says briefly why hooks did not run for an event that was
// not stopped: "guard off: skipped-file .hookexec/hooks.json", or "guard
// off (let through): untrusted ..." when the user's opt-out (--untrusted
// skip) let it through.
func guardOffText(offs []verdict.GuardOff) string {
	g := offs[0]
	text := "guard off: "
	for _, o := range offs {
		if o.OptedOut {
			text = "guard off (let through): "
			break
		}
	}
	text += g.Kind
	if g.File != "" {
		text += " " + shortFile(g.File)
	}
	if len(offs) > 1 {
		text += fmt.Sprintf(" (+%d)", len(offs)-1)
	}
	return text
}
