package aggregator

import (
	"encoding/json"
	"fmt"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/hookexec/hookexec/internal/testevent"
	"github.com/hookexec/hookexec/internal/verdict"
)

// reportsFor interprets one exit-0 hook per stdout, in order.
func reportsFor(t testing.TB, eventName string, stdouts ...string) []verdict.HookReport {
	t.Helper()
	ev := testevent.Get(t, eventName)
	reports := make([]verdict.HookReport, len(stdouts))
	for i, s := range stdouts {
		meta := testMeta()
		meta.Name = fmt.Sprintf("hook%d", i)
		meta.EventKey = eventName
		reports[i] = Interpret(ev, meta, exited(0, s, ""))
	}
	return reports
}

func TestMerge(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name    string
		event   string
		stdouts []string
		want    verdict.Verdict // Event and Hooks are checked separately
	}{
		{name: "no outputs", event: "BeforeTool", stdouts: []string{"", ""},
			want: verdict.Verdict{Continue: true}},
		{name: "allow and deny", event: "BeforeTool",
			stdouts: []string{`{"decision":"allow","reason":"fine"}`, `{"decision":"deny","reason":"no /etc"}`, `{"decision":"deny"}`},
			want:    verdict.Verdict{Blocked: true, Decision: "deny", Reason: "no /etc", Continue: true}},
		{name: "two deny reasons joined", event: "BeforeTool",
			stdouts: []string{`{"decision":"deny","reason":"a"}`, `{"decision":"ask","reason":"q"}`, `{"decision":"deny","reason":"b"}`},
			want:    verdict.Verdict{Blocked: true, Decision: "deny", Reason: "a\nb", Continue: true}},
		{name: "ask and allow", event: "BeforeTool",
			stdouts: []string{`{"decision":"allow","reason":"fine"}`, `{"decision":"ask","reason":"sure?"}`},
			want:    verdict.Verdict{Decision: "ask", Reason: "sure?", Continue: true}},
		{name: "no decision reasons", event: "AfterTool",
			stdouts: []string{`{"reason":"x"}`, `{"reason":"y"}`},
			want:    verdict.Verdict{Reason: "x\ny", Continue: true}},
		{name: "continue false blocks with stopReason", event: "AfterAgent",
			stdouts: []string{`{"continue":true,"stopReason":"ignored"}`, `{"continue":false,"stopReason":"done"}`, `{"continue":false,"stopReason":"really"}`},
			want:    verdict.Verdict{Blocked: true, Continue: false, StopReason: "done\nreally"}},
		{name: "messages and context joined in plan order", event: "BeforeAgent",
			stdouts: []string{
				`{"systemMessage":"one","hookSpecificOutput":{"hookEventName":"BeforeAgent","additionalContext":"ctx1"}}`,
				"plain two",
				`{"suppressOutput":true,"hookSpecificOutput":{"additionalContext":""}}`,
				`{"systemMessage":"three","hookSpecificOutput":{"additionalContext":"ctx2","clearContext":true}}`,
				`{"hookSpecificOutput":{"clearContext":false}}`,
			},
			want: verdict.Verdict{Continue: true, SystemMessage: "one\nplain two\nthree", SuppressOutput: true,
				HookSpecificOutput: map[string]any{"additionalContext": "ctx1\nctx2", "clearContext": true},
				// "plain two" is a systemMessage the model never sees.
				Quiet: []string{`hook "hook1" (.hookexec/hooks.json): ` + plainContextText("BeforeAgent")}}},
		{name: "tool_input merge and updatedInput last", event: "BeforeTool",
			stdouts: []string{
				`{"hookSpecificOutput":{"hookEventName":"PreToolUse","tool_input":{"a":"1","b":"1"},"updatedInput":{"cmd":"first"},"x":"first"}}`,
				`{"hookSpecificOutput":{"tool_input":{"b":"2","c":"2"},"updatedInput":{"cmd":"second"},"x":"second"}}`,
				`{"hookSpecificOutput":{"tool_input":"not an object"}}`,
			},
			want: verdict.Verdict{Continue: true, HookSpecificOutput: map[string]any{
				"tool_input":   map[string]any{"a": "1", "b": "2", "c": "2"},
				"updatedInput": map[string]any{"cmd": "second"},
				"x":            "second",
			}}},
		{name: "hookEventName only gives no hookSpecificOutput", event: "BeforeTool",
			stdouts: []string{`{"hookSpecificOutput":{"hookEventName":"PreToolUse"}}`},
			want:    verdict.Verdict{Continue: true}},
		{name: "claude permission decisions merge", event: "PreToolUse",
			stdouts: []string{
				`{"hookSpecificOutput":{"permissionDecision":"allow","permissionDecisionReason":"ok"}}`,
				`{"hookSpecificOutput":{"permissionDecision":"ask","permissionDecisionReason":"check"}}`,
			},
			want: verdict.Verdict{Continue: true, Decision: "ask", Reason: "check", HookSpecificOutput: map[string]any{
				"permissionDecision": "ask", "permissionDecisionReason": "check",
			}}},
		{name: "replace: last wins per field", event: "BeforeModel",
			stdouts: []string{
				`{"decision":"deny","reason":"r1","systemMessage":"m1","continue":false,"stopReason":"s1","suppressOutput":true,"hookSpecificOutput":{"hookEventName":"BeforeModel","a":1,"llm_request":{"model":"x"}}}`,
				`{"decision":"allow","systemMessage":"m2","continue":true,"hookSpecificOutput":{"b":2,"llm_request":{"temperature":0}}}`,
				`{"reason":"r3"}`,
			},
			want: verdict.Verdict{Decision: "allow", Reason: "r3", SystemMessage: "m2", Continue: true, StopReason: "s1", SuppressOutput: true,
				HookSpecificOutput: map[string]any{"a": json.Number("1"), "b": json.Number("2"), "llm_request": map[string]any{"temperature": json.Number("0")}}}},
		{name: "replace: deny blocks BeforeModel", event: "BeforeModel",
			stdouts: []string{`{"decision":"allow"}`, `{"decision":"deny","reason":"no"}`},
			want:    verdict.Verdict{Blocked: true, Decision: "deny", Reason: "no", Continue: true}},
		{name: "replace: later suppressOutput false replaces true", event: "AfterModel",
			stdouts: []string{`{"suppressOutput":true}`, `{"suppressOutput":false}`, `{"systemMessage":"m"}`},
			want:    verdict.Verdict{Continue: true, SystemMessage: "m"}},
		{name: "decision: suppressOutput true if any", event: "AfterTool",
			stdouts: []string{`{"suppressOutput":true}`, `{"suppressOutput":false}`},
			want:    verdict.Verdict{Continue: true, SuppressOutput: true}},
		{name: "replace: later continue true replaces false", event: "AfterModel",
			stdouts: []string{`{"continue":false}`, `{"continue":true}`},
			want:    verdict.Verdict{Continue: true}},
		{name: "Notification never blocks", event: "Notification",
			stdouts: []string{`{"decision":"deny","reason":"r","continue":false,"stopReason":"s"}`},
			want:    verdict.Verdict{Decision: "deny", Reason: "r", Continue: false, StopReason: "s"}},
		{name: "SessionStart never blocks", event: "SessionStart",
			stdouts: []string{`{"decision":"deny","reason":"r"}`, `{"continue":false,"stopReason":"s"}`},
			want:    verdict.Verdict{Decision: "deny", Reason: "r", Continue: false, StopReason: "s"}},
		{name: "tool selection NONE", event: "BeforeToolSelection",
			stdouts: []string{
				`{"decision":"deny","systemMessage":"ignored","hookSpecificOutput":{"toolConfig":{"mode":"ANY","allowedFunctionNames":["b","a"]}}}`,
				`{"hookSpecificOutput":{"toolConfig":{"mode":"none","allowedFunctionNames":["c"]}}}`,
			},
			want: verdict.Verdict{Continue: true, HookSpecificOutput: map[string]any{
				"toolConfig": map[string]any{"mode": "NONE", "allowedFunctionNames": []string{}},
			}}},
		{name: "tool selection ANY union", event: "BeforeToolSelection",
			stdouts: []string{
				`{"hookSpecificOutput":{"toolConfig":{"mode":"AUTO","allowedFunctionNames":["read","write"]}}}`,
				`{"hookSpecificOutput":{"toolConfig":{"mode":"any","allowedFunctionNames":["edit","read"]}}}`,
				`{"systemMessage":"no tool config"}`,
			},
			want: verdict.Verdict{Continue: true, HookSpecificOutput: map[string]any{
				"toolConfig": map[string]any{"mode": "ANY", "allowedFunctionNames": []string{"edit", "read", "write"}},
			}}},
		{name: "tool selection AUTO", event: "BeforeToolSelection",
			stdouts: []string{
				`{"hookSpecificOutput":{"toolConfig":{"allowedFunctionNames":["z","a","z"]}}}`,
				`{"hookSpecificOutput":{"toolConfig":{"mode":"Auto"}}}`,
			},
			want: verdict.Verdict{Continue: true, HookSpecificOutput: map[string]any{
				"toolConfig": map[string]any{"mode": "AUTO", "allowedFunctionNames": []string{"a", "z"}},
			}}},
		{name: "tool selection without toolConfig", event: "BeforeToolSelection",
			stdouts: []string{`{"decision":"deny","hookSpecificOutput":{"other":1}}`},
			want:    verdict.Verdict{Continue: true}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			ev := testevent.Get(t, tt.event)
			reports := reportsFor(t, tt.event, tt.stdouts...)
			for _, r := range reports {
				require.Empty(t, r.Error)
			}
			got := Merge(ev, reports)
			assert.Equal(t, ev.Name, got.Event)
			assert.Equal(t, reports, got.Hooks)
			got.Event, got.Hooks = "", nil
			assert.Equal(t, tt.want, got)
		})
	}
}

func TestMergeEmpty(t *testing.T) {
	t.Parallel()
	v := Merge(testevent.Get(t, "PreToolUse"), nil)
	assert.Equal(t, "BeforeTool", v.Event)
	assert.False(t, v.Blocked)
	assert.True(t, v.Continue)
	assert.Empty(t, v.Decision)
	require.NotNil(t, v.Hooks)
	b, err := json.Marshal(v)
	require.NoError(t, err)
	assert.JSONEq(t, `{"event":"BeforeTool","blocked":false,"continue":true,"hooks":[],"durationMs":0}`, string(b))
}

func TestMergeSkipsFailedHooks(t *testing.T) {
	t.Parallel()
	ev := testevent.Get(t, "BeforeTool")
	reports := []verdict.HookReport{
		Interpret(ev, testMeta(), exited(1, "", "boom")),
		Interpret(ev, testMeta(), signaled("SIGKILL", "", "")),
		NotRun(testMeta(), verdict.Skipped),
		Interpret(ev, testMeta(), exited(0, `{"decision":"allow"}`, "")),
	}
	v := Merge(ev, reports)
	assert.False(t, v.Blocked)
	assert.Equal(t, "allow", v.Decision)
	assert.Equal(t, "Warning: boom", v.SystemMessage)
}

func TestMergeDoesNotModifyOutputs(t *testing.T) {
	t.Parallel()
	reports := reportsFor(t, "BeforeTool",
		`{"hookSpecificOutput":{"hookEventName":"PreToolUse","tool_input":{"a":1}}}`,
		`{"hookSpecificOutput":{"tool_input":{"b":2}}}`)
	_ = Merge(testevent.Get(t, "BeforeTool"), reports)
	assert.Equal(t, map[string]any{"hookEventName": "PreToolUse", "tool_input": map[string]any{"a": json.Number("1")}},
		reports[0].Output.HookSpecificOutput)
}

func BenchmarkMerge100(b *testing.B) {
	ev := testevent.Get(b, "BeforeTool")
	results := make([][]byte, 100)
	for i := range results {
		results[i] = fmt.Appendf(nil,
			`{"decision":%q,"reason":"reason %d","systemMessage":"message %d","hookSpecificOutput":{"hookEventName":"PreToolUse","additionalContext":"context %d","tool_input":{"k%d":%d}}}`+"\n",
			[]string{"allow", "ask", "deny"}[i%3], i, i, i, i%10, i)
	}
	meta := testMeta()
	b.ReportAllocs()
	b.ResetTimer()
	for b.Loop() {
		reports := make([]verdict.HookReport, len(results))
		for i, out := range results {
			res := exited(0, "", "")
			res.Stdout = out
			reports[i] = Interpret(ev, meta, res)
		}
		v := Merge(ev, reports)
		if !v.Blocked {
			b.Fatal("expected a block")
		}
	}
}

// Gemini CLI merges its hooks' hookSpecificOutput shallowly, so the last
// tool_input wins whole; a native hook's is a patch merged key by key.
func TestMergeGeminiToolInputReplaces(t *testing.T) {
	t.Parallel()
	ev := testevent.Get(t, "BeforeTool")
	gemini := func(stdout string) verdict.HookReport {
		meta := testMeta()
		meta.Dialect = "gemini"
		return Interpret(ev, meta, exited(0, stdout, ""))
	}
	native := func(stdout string) verdict.HookReport { return Interpret(ev, testMeta(), exited(0, stdout, "")) }
	first := `{"hookSpecificOutput":{"tool_input":{"command":"echo first","first":true}}}`
	second := `{"hookSpecificOutput":{"tool_input":{"command":"echo second"}}}`
	v := Merge(ev, []verdict.HookReport{gemini(first), gemini(second)})
	assert.Equal(t, map[string]any{"command": "echo second"}, v.HookSpecificOutput["tool_input"])
	v = Merge(ev, []verdict.HookReport{native(first), native(second)})
	assert.Equal(t, map[string]any{"command": "echo second", "first": true}, v.HookSpecificOutput["tool_input"])
}
