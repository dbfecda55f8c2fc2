package engine

import (
	"os"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/hookexec/hookexec/internal/planner"
	"github.com/hookexec/hookexec/internal/verdict"
)

// recorder is the last hook of a chaining test: it saves its stdin.
const recorder = "cat > seen.json"

func TestSequentialChaining(t *testing.T) {
	t.Parallel()
	const toolInput = `{"tool_name":"write_file","tool_input":{"a":1,"b":1,"nested":{"x":1}}}`
	tests := []struct {
		name  string
		event string // the recorder's event key
		input string
		// feeders run before the recorder, in this order; they are
		// registered under feederKey (default: event) with priority 10,
		// so that they precede the recorder in plan order.
		feeders   []hook
		feederKey string
		// sequential marks the feeders' definition "sequential": true;
		// flag is --sequential (planner.Options.Sequential).
		sequential, flag bool
		field            string // the recorder's input field to check
		want             string // its JSON value
		wantOutcomes     []verdict.Outcome
	}{
		{
			name:  "tool_input is shallow-merged into the next input",
			event: "BeforeTool", input: toolInput, sequential: true,
			feeders: []hook{cmd(`echo '{"hookSpecificOutput":{"tool_input":{"b":2,"nested":{"y":2}}}}'`)},
			field:   "tool_input", want: `{"a":1,"b":2,"nested":{"y":2}}`,
		},
		{
			name:  "tool_input changes add up along the chain",
			event: "BeforeTool", input: toolInput, sequential: true,
			feeders: []hook{
				cmd(`echo '{"hookSpecificOutput":{"tool_input":{"b":2}}}'`),
				cmd(`echo '{"hookSpecificOutput":{"tool_input":{"c":3}}}'`),
			},
			field: "tool_input", want: `{"a":1,"b":2,"c":3,"nested":{"x":1}}`,
		},
		{
			name:  "Claude updatedInput replaces tool_input, across event keys",
			event: "BeforeTool", feederKey: "PreToolUse", input: toolInput, sequential: true,
			feeders: []hook{cmd(`echo '{"hookSpecificOutput":{"hookEventName":"PreToolUse","permissionDecision":"allow","updatedInput":{"command":"ls -l"}}}'`)},
			field:   "tool_input", want: `{"command":"ls -l"}`,
		},
		{
			name:  "updatedInput first, then tool_input of the same output",
			event: "BeforeTool", input: toolInput, sequential: true,
			feeders: []hook{cmd(`echo '{"hookSpecificOutput":{"updatedInput":{"command":"ls"},"tool_input":{"z":1}}}'`)},
			field:   "tool_input", want: `{"command":"ls","z":1}`,
		},
		{
			name:  "a failed hook does not feed the next, the chain goes on",
			event: "BeforeTool", input: toolInput, sequential: true,
			feeders: []hook{
				cmd(`echo '{"hookSpecificOutput":{"tool_input":{"b":99}}}'; exit 1`),
				cmd(`echo '{"hookSpecificOutput":{"tool_input":{"c":3}}}'`),
			},
			field: "tool_input", want: `{"a":1,"b":1,"c":3,"nested":{"x":1}}`,
			wantOutcomes: []verdict.Outcome{verdict.Error, verdict.Success, verdict.Success},
		},
		{
			name:  "a timed-out hook does not feed the next",
			event: "BeforeTool", input: toolInput, sequential: true,
			feeders: []hook{withTimeout(cmd(`echo '{"hookSpecificOutput":{"tool_input":{"b":99}}}'; sleep 3501`), "300ms")},
			field:   "tool_input", want: `{"a":1,"b":1,"nested":{"x":1}}`,
			wantOutcomes: []verdict.Outcome{verdict.Timeout, verdict.Success},
		},
		{
			name:  "--sequential chains without a sequential definition",
			event: "BeforeTool", input: toolInput, flag: true,
			feeders: []hook{cmd(`echo '{"hookSpecificOutput":{"tool_input":{"b":2}}}'`)},
			field:   "tool_input", want: `{"a":1,"b":2,"nested":{"x":1}}`,
		},
		{
			name:  "parallel hooks all see the original input",
			event: "BeforeTool", input: toolInput,
			feeders: []hook{cmd(`echo '{"hookSpecificOutput":{"tool_input":{"b":2}}}'`)},
			field:   "tool_input", want: `{"a":1,"b":1,"nested":{"x":1}}`,
		},
		{
			name:  "additionalContext is appended to the prompt on BeforeAgent",
			event: "BeforeAgent", input: `{"prompt":"fix the bug"}`, sequential: true,
			feeders: []hook{
				cmd(`echo '{"hookSpecificOutput":{"additionalContext":"ctx one"}}'`),
				cmd(`echo '{"hookSpecificOutput":{"additionalContext":"ctx two"}}'`),
			},
			field: "prompt", want: `"fix the bug\n\nctx one\n\nctx two"`,
		},
		{
			name:  "llm_request is shallow-merged on BeforeModel",
			event: "BeforeModel", input: `{"llm_request":{"model":"a","messages":[{"role":"user","content":"hi"}]}}`, sequential: true,
			feeders: []hook{cmd(`echo '{"hookSpecificOutput":{"llm_request":{"model":"b","temperature":0.5}}}'`)},
			field:   "llm_request", want: `{"model":"b","messages":[{"role":"user","content":"hi"}],"temperature":0.5}`,
		},
		{
			name:  "AfterTool does not chain",
			event: "AfterTool", input: toolInput, sequential: true,
			feeders: []hook{cmd(`echo '{"hookSpecificOutput":{"tool_input":{"b":2}}}'`)},
			field:   "tool_input", want: `{"a":1,"b":1,"nested":{"x":1}}`,
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			feederKey := tt.feederKey
			if feederKey == "" {
				feederKey = tt.event
			}
			events := map[string][]def{}
			events[feederKey] = append(events[feederKey], def{"priority": 10, "sequential": tt.sequential, "hooks": tt.feeders})
			events[tt.event] = append(events[tt.event], group(cmd(recorder)))
			f := load(t, tt.event, events, tt.input, planner.Options{Sequential: tt.flag})
			require.Equal(t, tt.sequential || tt.flag, f.plan.Sequential)

			v := f.engine(runnerOptsFast).Run(t.Context(), f.plan, f.input)

			want := tt.wantOutcomes
			if want == nil {
				want = make([]verdict.Outcome, len(tt.feeders)+1)
				for i := range want {
					want[i] = verdict.Success
				}
			}
			require.Equal(t, want, outcomes(v), "verdict: %+v", v)
			seen := readJSON(t, f.path("seen.json"))
			assert.Equal(t, decode(t, tt.want), seen[tt.field])
			assert.Equal(t, tt.event, seen["hook_event_name"])
		})
	}
}

func TestSequentialBlockSkipsTheRest(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name        string
		event       string
		input       string
		blocker     hook
		wantFirst   verdict.Outcome
		wantSkipped bool // the second hook is skipped (and never ran)
		wantBlocked bool
	}{
		{name: "exit 2", event: "BeforeTool", blocker: cmd(`echo no >&2; exit 2`),
			wantFirst: verdict.Blocked, wantSkipped: true, wantBlocked: true},
		{name: "decision deny", event: "BeforeTool", blocker: cmd(`echo '{"decision":"deny","reason":"no"}'`),
			wantFirst: verdict.Success, wantSkipped: true, wantBlocked: true},
		{name: "decision block", event: "BeforeTool", blocker: cmd(`echo '{"decision":"block","reason":"no"}'`),
			wantFirst: verdict.Success, wantSkipped: true, wantBlocked: true},
		{name: "Claude permissionDecision deny", event: "PreToolUse", blocker: cmd(`echo '{"hookSpecificOutput":{"permissionDecision":"deny"}}'`),
			wantFirst: verdict.Success, wantSkipped: true, wantBlocked: true},
		{name: "continue false", event: "BeforeAgent", blocker: cmd(`echo '{"continue":false,"stopReason":"halt"}'`),
			wantFirst: verdict.Success, wantSkipped: true, wantBlocked: true},
		{name: "fail-closed hook that fails", event: "BeforeTool", blocker: hook{"type": "command", "command": "exit 1", "failClosed": true},
			wantFirst: verdict.Error, wantSkipped: true, wantBlocked: true},
		{name: "a failing hook does not stop the chain", event: "BeforeTool", blocker: cmd(`echo oops >&2; exit 1`),
			wantFirst: verdict.Error},
		{name: "ask does not stop the chain", event: "BeforeTool", blocker: cmd(`echo '{"decision":"ask"}'`),
			wantFirst: verdict.Success},
		{name: "deny on SessionStart (cannot block) does not stop the chain", event: "SessionStart", blocker: cmd(`echo '{"decision":"deny"}'`),
			wantFirst: verdict.Success},
		{name: "exit 2 on SessionStart does not stop the chain", event: "SessionStart", blocker: cmd(`exit 2`),
			wantFirst: verdict.Blocked},
		{name: "continue false on Notification does not stop the chain", event: "Notification", blocker: cmd(`echo '{"continue":false}'`),
			wantFirst: verdict.Success},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			events := map[string][]def{tt.event: {sequential(tt.blocker, named("after", "touch after.marker"))}}
			f := load(t, tt.event, events, tt.input, planner.Options{})
			v := f.run(t)

			require.Len(t, v.Hooks, 2)
			assert.Equal(t, tt.wantFirst, v.Hooks[0].Outcome)
			assert.Equal(t, tt.wantBlocked, v.Blocked)
			after := v.Hooks[1]
			if tt.wantSkipped {
				assert.Equal(t, verdict.Skipped, after.Outcome)
				assert.Nil(t, after.ExitCode)
				assert.Nil(t, after.Output)
				assert.Equal(t, "after", after.Name)
				assert.NoFileExists(t, f.path("after.marker"), "a skipped hook never runs")
			} else {
				assert.Equal(t, verdict.Success, after.Outcome)
				assert.FileExists(t, f.path("after.marker"))
			}
		})
	}
}

func TestSequentialRunsInPriorityOrder(t *testing.T) {
	t.Parallel()
	step := func(name string) hook { return named(name, "echo "+name+" >> order") }
	events := map[string][]def{"BeforeTool": {
		{"priority": 0, "hooks": []hook{step("a1"), step("a2")}},
		{"priority": 10, "sequential": true, "hooks": []hook{step("b")}},
		{"priority": -5, "hooks": []hook{step("c")}},
		{"priority": 5, "hooks": []hook{step("d")}},
	}}
	f := load(t, "BeforeTool", events, `{"tool_name":"x"}`, planner.Options{})
	require.True(t, f.plan.Sequential)

	v := f.run(t)

	want := []string{"b", "d", "a1", "a2", "c"}
	assert.Equal(t, want, names(v), "reported in plan order")
	order, err := os.ReadFile(f.path("order"))
	require.NoError(t, err)
	assert.Equal(t, "b\nd\na1\na2\nc\n", string(order), "run one after another in plan order")
}
