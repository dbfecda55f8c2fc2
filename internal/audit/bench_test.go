package audit

import (
	"path/filepath"
	"testing"
	"time"

	"github.com/hookexec/hookexec/internal/engine"
	"github.com/hookexec/hookexec/internal/verdict"
)

// BenchmarkAuditAppend is what the decision log costs one fire: building
// the record of a blocked event (agent detection, the masked summary, the
// deciding hook's excerpts) and appending it (open, stat, one write,
// close).
func BenchmarkAuditAppend(b *testing.B) {
	fired, in := benchEvent(b)
	res := engine.Result{
		Start: time.Now(), Input: in, ProjectDir: "/repo",
		Verdict: verdict.Verdict{Event: "BeforeTool", Blocked: true, Decision: "deny", Reason: "no force pushes", DurationMs: 3,
			Hooks: []verdict.HookReport{{Name: "guard", File: "/repo/.hookexec/hooks.json", Line: 4, Matcher: "Bash",
				Outcome: verdict.Blocked, ExitCode: code(2), Stderr: "no force pushes\n"}}},
	}
	path := filepath.Join(b.TempDir(), "decisions.jsonl")
	l := &Log{Path: path, Rotated: RotatedPath(path), Max: MaxBytes}
	b.ReportAllocs()
	for b.Loop() {
		if err := l.Append(FromResult(fired, res, ViaFire), ""); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkSummarize is the masking of a typical command.
func BenchmarkSummarize(b *testing.B) {
	cmd := `curl -sS -H "Authorization: Bearer abcdef0123456789" https://api.example.com/v1/items?limit=10 | jq '.items[] | .name'`
	b.ReportAllocs()
	for b.Loop() {
		_ = Summarize(cmd)
	}
}
