package aggregator

import (
	"encoding/json"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/hookexec/hookexec/internal/event"
	"github.com/hookexec/hookexec/internal/reading"
	"github.com/hookexec/hookexec/internal/runner"
	"github.com/hookexec/hookexec/internal/verdict"
)

// FuzzInterpret checks the hook output interpreter against SPEC §4.6's
// invariants, whatever a hook prints and however it ends: plain text never
// decides, exit 2 always denies with a reason, failures never decide
// unless the hook fails closed on an event that can block, and the report
// is valid UTF-8 that encodes as JSON. The seed corpus is in
// testdata/fuzz/FuzzInterpret.
func FuzzInterpret(f *testing.F) {
	events := event.All()
	f.Fuzz(func(t *testing.T, status uint8, code int, stdout, stderr []byte, truncated, failClosed, claude bool, evIndex uint8) {
		ev := events[int(evIndex)%len(events)]
		meta := testMeta()
		meta.FailClosed = failClosed
		if claude {
			meta.Dialect = "claude"
		}
		res := runner.Result{
			Status: runner.Status(status % 6), Started: true, ExitCode: code,
			Stdout: stdout, Stderr: stderr, StdoutTruncated: truncated,
		}
		r := Interpret(ev, meta, res)
		checkInterpretInvariants(t, ev, meta, res, r)
	})
}

func checkInterpretInvariants(t *testing.T, ev event.Event, meta Meta, res runner.Result, r verdict.HookReport) {
	t.Helper()
	out := r.Output
	decides := out != nil && out.Decision != ""
	failClosed := meta.FailClosed && ev.CanBlock
	answer, isAnswer := reading.Object(strings.TrimSpace(strings.ToValidUTF8(string(res.Stdout), "\uFFFD")))

	switch {
	case res.Status == runner.Exited && res.ExitCode == 2:
		if r.Outcome != verdict.Blocked || out == nil || out.Decision != "deny" || strings.TrimSpace(out.Reason) == "" {
			t.Fatalf("exit 2 must deny with a reason: outcome %s, output %+v", r.Outcome, out)
		}
	case res.Status == runner.Exited && res.ExitCode == 0 && r.Outcome == verdict.Success:
		if decides && (!isAnswer || res.StdoutTruncated) {
			t.Fatalf("only a whole JSON answer decides: stdout %q (cut %v) gave %+v", res.Stdout, res.StdoutTruncated, out)
		}
		if decides && answer["decision"] == nil && answer["hookSpecificOutput"] == nil {
			t.Fatalf("a decision without a decision field: %q gave %+v", res.Stdout, out)
		}
	case r.Outcome == verdict.Cancelled || r.Outcome == verdict.Skipped:
		if out != nil {
			t.Fatalf("a hook that did not finish has no output: %+v", out)
		}
	default: // error, timeout, spawn_error, and a cut answer on exit 0
		if r.Outcome == verdict.Success || r.Outcome == verdict.Blocked {
			t.Fatalf("status %v, exit %d: outcome %s", res.Status, res.ExitCode, r.Outcome)
		}
		switch {
		case failClosed:
			if out == nil || out.Decision != "deny" || out.Reason == "" {
				t.Fatalf("a fail-closed %s must deny with a reason: %+v", r.Outcome, out)
			}
		case decides || out.Blocks():
			t.Fatalf("a failure (%s) decided without fail-closed: %+v", r.Outcome, out)
		}
	}
	if decides && out.Decision == "allow" && !isAnswer {
		t.Fatalf("plain text became an allow: %q", res.Stdout)
	}
	for _, s := range []string{r.Stdout, r.Stderr, r.Error} {
		if !utf8.ValidString(s) {
			t.Fatalf("report text is not valid UTF-8: %q", s)
		}
	}
	if _, err := json.Marshal(r); err != nil {
		t.Fatalf("report does not encode: %v", err)
	}
}
