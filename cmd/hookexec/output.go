package main

import (
	"encoding/json"
	"fmt"
	"io"
	"strconv"
	"strings"

	"github.com/hookexec/hookexec/internal/aggregator"
	"github.com/hookexec/hookexec/internal/dirs"
	"github.com/hookexec/hookexec/internal/event"
	"github.com/hookexec/hookexec/internal/notices"
	"github.com/hookexec/hookexec/internal/registry"
)

// writeJSON writes v as one indented JSON document (no HTML escaping). A
// verdict takes a hand-written encoder that writes the same bytes (see
// appendVerdictJSON).
func writeJSON(w io.Writer, v any) error {
	if vd, ok := v.(aggregator.Verdict); ok {
		if b, ok := appendVerdictJSON(make([]byte, 0, verdictSizeHint(vd)), vd); ok {
			_, err := w.Write(b)
			return err
		}
	}
	enc := json.NewEncoder(w)
	enc.SetEscapeHTML(false)
	enc.SetIndent("", "  ")
	return enc.Encode(v)
}

// outputFormat is how fire prints its verdict: --format, and --max-message
// for the messages of the agent formats (SPEC §6).
type outputFormat struct {
	aggregator.Format
	maxMessage int
}

// writeVerdict prints v on stdout in format f (SPEC §6): the verdict
// itself, or the output of a single Claude Code or Gemini CLI hook. in is
// the event input (nil when it was never read).
//
// The exceptions to "one JSON document": under --format gemini, a
// BeforeToolSelection verdict with nothing to say prints nothing, because
// Gemini CLI reads even {} there as a tool config (GeminiOutput.Silent);
// under --format claude, WorktreeCreate prints the worktree's path as a
// line of text (or nothing), as Claude Code reads it (ClaudeText).
func (a *app) writeVerdict(f outputFormat, ev event.Event, v aggregator.Verdict, in *event.Input) error {
	out := aggregator.Render(f.Format, ev, v, aggregator.AgentInput{ToolInput: aggregator.ToolInputOf(in), MaxMessage: f.maxMessage, Notices: a.noticeLog(f, in)})
	if out == nil {
		return nil
	}
	if text, ok := out.(aggregator.ClaudeText); ok {
		if text == "" {
			return nil
		}
		_, err := fmt.Fprintln(a.stdout, string(text))
		return err
	}
	return writeJSON(a.stdout, out)
}

// noticeLog is the memory of the agent session the input belongs to, which
// tells the session's user once of hooks hookexec left out (issue 17 §2);
// nil for the result format or an input that was never read.
func (a *app) noticeLog(f outputFormat, in *event.Input) aggregator.NoticeLog {
	if f.Format == aggregator.FormatResult || in == nil {
		return nil
	}
	// Where the memory lives is read as fire's configs are (SafeEnv): an
	// XDG_STATE_HOME inside the project, set by the repository through the
	// agent, could otherwise hold markers that silence every notice.
	cwd, _ := in.String("cwd")
	getenv := a.getenv
	if project, err := dirs.ProjectRoot("", a.getenv, cwd); err == nil {
		getenv, _ = registry.SafeEnv(a.getenv, project)
	}
	return notices.ForInput(getenv, in)
}

// parseSize reads a byte count with an optional K/KiB/M/MiB/G/GiB suffix
// (all binary multiples).
func parseSize(flag, s string) (int64, error) {
	t := strings.TrimSpace(s)
	mult := int64(1)
	for _, u := range []struct {
		suffix string
		mult   int64
	}{{"KiB", 1 << 10}, {"MiB", 1 << 20}, {"GiB", 1 << 30}, {"K", 1 << 10}, {"M", 1 << 20}, {"G", 1 << 30}} {
		if strings.HasSuffix(t, u.suffix) {
			t, mult = strings.TrimSpace(strings.TrimSuffix(t, u.suffix)), u.mult
			break
		}
	}
	n, err := strconv.ParseInt(t, 10, 64)
	if err != nil || n <= 0 {
		return 0, fmt.Errorf("invalid %s %q (want a positive byte count such as 1048576 or 1MiB)", flag, s)
	}
	return n * mult, nil
}

// parseMessageSize reads --max-message: a size of at least
// aggregator.MinMaxMessage bytes (room for the cut marker and some text),
// at most 1 GiB (an int anywhere).
func parseMessageSize(s string) (int, error) {
	n, err := parseSize("--max-message", s)
	if err != nil {
		return 0, err
	}
	if n < aggregator.MinMaxMessage || n > 1<<30 {
		return 0, fmt.Errorf("invalid --max-message %q (want %d bytes to 1GiB)", s, aggregator.MinMaxMessage)
	}
	return int(n), nil
}
