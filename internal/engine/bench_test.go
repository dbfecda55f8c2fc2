package engine

import (
	"strconv"
	"strings"
	"testing"

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
