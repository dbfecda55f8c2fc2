package engine

import (
	"os"
	"strconv"
	"strings"
	"testing"

	"github.com/hookexec/hookexec/internal/agents"
	"github.com/hookexec/hookexec/internal/planner"
	"github.com/hookexec/hookexec/internal/runner"
)

// BenchmarkPrepare10MiBFor20Hooks measures what a parallel run does before
// spawning anything: the event serialized per event key and 20 specs.
func BenchmarkPrepare10MiBFor20Hooks(b *testing.B) {
	var before, pre []hook
	for i := range 10 {
		before = append(before, cmd("true before "+strconv.Itoa(i)))
		pre = append(pre, cmd("true pre "+strconv.Itoa(i)))
	}
	events := map[string][]def{"BeforeTool": {group(before...)}, "PreToolUse": {group(pre...)}}
	input := `{"tool_name":"write_file","tool_input":{"path":"big.txt","content":"` + strings.Repeat("x", 10<<20) + `"}}`
	f := load(b, "BeforeTool", events, input, planner.Options{})
	e := f.engine(runner.Options{})
	b.ReportAllocs()
	b.SetBytes(int64(len(input)))
	for b.Loop() {
		_ = e.prepare(f.plan, f.input)
	}
}

// BenchmarkPrepareOneHook is what a served event with one guard does
// before its spawn: the environment of the run and the hook's
// (this process's, as a server's), the input with the normalized view,
// the spec.
func BenchmarkPrepareOneHook(b *testing.B) {
	input := `{"session_id":"s","cwd":"/","hook_event_name":"PreToolUse","tool_name":"Bash","tool_input":{"command":"ls"}}`
	f := load(b, "PreToolUse", map[string][]def{"PreToolUse": {group(cmd("true a"))}}, input, planner.Options{})
	e := f.engine(runner.Options{})
	e.Environ = os.Environ()
	f.plan.Call = agents.NewDetectedCall("claude", func(string) string { return "" }, agents.EventName{Key: "PreToolUse", Event: f.plan.Event}, f.input)
	b.ReportAllocs()
	for b.Loop() {
		_ = e.prepare(f.plan, f.input)
	}
}

// BenchmarkFireOneHook fires a Claude Code shell event at one matching
// native hook, with the normalized view in its input as fire gives it, and
// without (the input as an agent-dialect hook gets it): the difference is
// what the view costs a fire.
func BenchmarkFireOneHook(b *testing.B) {
	input := `{"session_id":"s","transcript_path":"/t","hook_event_name":"PreToolUse","tool_name":"Bash","tool_input":{"command":"git status","description":"status"},"tool_use_id":"toolu_1"}`
	f := load(b, "PreToolUse", map[string][]def{"PreToolUse": {group(cmd("true"))}}, input, planner.Options{})
	e := f.engine(runner.Options{})
	for _, view := range []bool{true, false} {
		name := "view"
		if !view {
			name = "no-view"
		}
		b.Run(name, func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				p := f.plan
				p.Call = nil
				if view { // a fresh view per fire, as each fire builds its own
					p.Call = agents.NewDetectedCall("claude", func(string) string { return "" }, agents.EventName{Key: "PreToolUse", Event: p.Event}, f.input)
				}
				if v := e.Run(b.Context(), p, f.input); v.Blocked || len(v.Hooks) != 1 {
					b.Fatalf("verdict %+v", v)
				}
			}
		})
	}
}
