package engine

import (
	"context"
	"strings"
	"testing"
	"time"
	"unsafe"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/hookexec/hookexec/internal/planner"
	"github.com/hookexec/hookexec/internal/runner"
	"github.com/hookexec/hookexec/internal/verdict"
)

func TestParallelStdinPerEventKey(t *testing.T) {
	t.Parallel()
	events := map[string][]def{
		"BeforeTool": {group(cmd("cat"), cmd("cat -"))},
		"PreToolUse": {group(cmd("exec cat"))}, // not "cat": that would be a duplicate
	}
	input := `{"tool_name":"write_file","tool_input":{"path":"a.txt","content":"x < y & \u00e9"},"extra":[1,2]}`
	f := load(t, "BeforeTool", events, input, planner.Options{})
	require.False(t, f.plan.Sequential)
	require.Len(t, f.plan.Steps, 3)

	v := f.run(t)

	require.Equal(t, []verdict.Outcome{verdict.Success, verdict.Success, verdict.Success}, outcomes(v))
	before1, before2, pre := v.Hooks[0].Stdout, v.Hooks[1].Stdout, v.Hooks[2].Stdout
	assert.Equal(t, before1, before2, "hooks under the same key get identical bytes")
	for _, s := range []string{before1, pre} {
		assert.True(t, strings.HasSuffix(s, "}\n") && !strings.HasSuffix(s, "\n\n"), "compact JSON and one newline: %q", s)
		assert.NotContains(t, strings.TrimSuffix(s, "\n"), "\n")
	}
	assert.Equal(t, "BeforeTool", decode(t, before1).(map[string]any)["hook_event_name"])
	assert.Equal(t, "PreToolUse", decode(t, pre).(map[string]any)["hook_event_name"])
	assert.Equal(t, strings.Replace(before1, `"hook_event_name":"BeforeTool"`, `"hook_event_name":"PreToolUse"`, 1), pre,
		"only hook_event_name differs between keys")
	got := decode(t, before1).(map[string]any)
	assert.Equal(t, map[string]any{"path": "a.txt", "content": "x < y & é"}, got["tool_input"])
	assert.Equal(t, []any{1.0, 2.0}, got["extra"])
}

func TestPrepareSerializesOncePerEventKey(t *testing.T) {
	t.Parallel()
	events := map[string][]def{
		"BeforeTool": {group(cmd("true 1"), cmd("true 2"))},
		"PreToolUse": {group(cmd("true 3"), cmd("true 4"))},
	}
	f := load(t, "BeforeTool", events, `{"tool_name":"x"}`, planner.Options{})
	specs := f.engine(runner.Options{}).prepare(f.plan, f.input)

	require.Len(t, specs, 4)
	data := func(i int) *byte { return unsafe.SliceData(specs[i].Stdin) }
	assert.Same(t, data(0), data(1), "BeforeTool hooks share one buffer")
	assert.Same(t, data(2), data(3), "PreToolUse hooks share one buffer")
	assert.NotSame(t, data(0), data(2))
}

func TestParallelResultsInPlanOrder(t *testing.T) {
	t.Parallel()
	// Each hook finishes before the one planned ahead of it.
	events := map[string][]def{"AfterAgent": {group(
		named("slow", `sleep 0.4; echo slow`),
		named("medium", `sleep 0.2; echo medium`),
		named("fast", `echo fast`),
	)}}
	f := load(t, "AfterAgent", events, "", planner.Options{})

	v := f.run(t)

	assert.Equal(t, []string{"slow", "medium", "fast"}, names(v))
	for _, h := range v.Hooks {
		assert.Equal(t, h.Name+"\n", h.Stdout)
	}
	assert.Equal(t, "slow\nmedium\nfast", v.SystemMessage, "merged in plan order")
}

func TestCancelledBeforeRun(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name        string
		sequential  bool
		maxParallel int
	}{
		{name: "parallel"},
		{name: "parallel, bounded", maxParallel: 1},
		{name: "sequential", sequential: true},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			events := map[string][]def{"BeforeTool": {group(cmd("touch one"), cmd("touch two"), cmd("touch three"))}}
			f := load(t, "BeforeTool", events, "", planner.Options{Sequential: tt.sequential})
			ctx, cancel := context.WithCancel(t.Context())
			cancel()

			v := f.engine(runner.Options{MaxParallel: tt.maxParallel}).Run(ctx, f.plan, f.input)

			assert.Equal(t, []verdict.Outcome{verdict.Cancelled, verdict.Cancelled, verdict.Cancelled}, outcomes(v))
			for _, h := range v.Hooks {
				assert.Nil(t, h.ExitCode)
				assert.Nil(t, h.Output)
			}
			assert.False(t, v.Blocked)
			for _, m := range []string{"one", "two", "three"} {
				assert.NoFileExists(t, f.path(m))
			}
		})
	}
}

func TestCancelDuringSequentialRun(t *testing.T) {
	t.Parallel()
	events := map[string][]def{"BeforeTool": {sequential(
		named("running", `echo partial; touch ready; sleep 3502; touch first.marker`),
		named("queued", `touch queued.marker`),
	)}}
	f := load(t, "BeforeTool", events, "", planner.Options{})
	ctx, cancel := context.WithCancel(t.Context())
	go func() {
		defer cancel()
		deadline := time.Now().Add(10 * time.Second)
		for !exists(f.path("ready")) && time.Now().Before(deadline) {
			time.Sleep(5 * time.Millisecond)
		}
	}()

	start := time.Now()
	v := f.engine(runnerOptsFast).Run(ctx, f.plan, f.input)

	assert.Less(t, time.Since(start), 8*time.Second, "the running hook is terminated")
	assert.Equal(t, []verdict.Outcome{verdict.Cancelled, verdict.Cancelled}, outcomes(v))
	assert.Equal(t, "partial\n", v.Hooks[0].Stdout, "captured output is kept")
	assert.Nil(t, v.Hooks[0].Output, "and not interpreted")
	assert.NoFileExists(t, f.path("first.marker"))
	assert.NoFileExists(t, f.path("queued.marker"), "a queued hook never starts")
}
