package agents

import (
	"testing"
	"time"

	"github.com/hookexec/hookexec/internal/event"
	"github.com/hookexec/hookexec/internal/verdict"
)

// BenchmarkResolveEvent: the lookup fire makes once per event (every
// agent's names gathered from the table).
func BenchmarkResolveEvent(b *testing.B) {
	b.ReportAllocs()
	for b.Loop() {
		if _, _, err := ResolveEvent("pretooluse", verdict.FormatResult); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkEventIndex: what a config file's "hooks" lookup costs once.
func BenchmarkEventIndex(b *testing.B) {
	b.ReportAllocs()
	for b.Loop() {
		_ = NewEventIndex()
	}
}

// BenchmarkView: the normalized view of a Claude Code shell event, built
// when a native hook runs (detection included).
func BenchmarkView(b *testing.B) {
	in, err := event.ParseInput([]byte(`{"session_id":"s","transcript_path":"/t","cwd":"/w","hook_event_name":"PreToolUse","tool_name":"Bash","tool_input":{"command":"git status","description":"status"},"tool_use_id":"toolu_1"}`), time.Time{}, "/w")
	if err != nil {
		b.Fatal(err)
	}
	pre, _ := EventByKey("PreToolUse")
	b.ReportAllocs()
	for b.Loop() {
		c := NewCall(DetectAgent("claude", in, func(string) string { return "" }), pre, in)
		_ = c.View().AppendJSON(nil)
	}
}
