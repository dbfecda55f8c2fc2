package aggregator

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/hookexec/hookexec/internal/testevent"
	"github.com/hookexec/hookexec/internal/verdict"
)

// TestGuardRewrites: a project hook's tool input change is applied only
// when every hook of the user's that ran saw it.
func TestGuardRewrites(t *testing.T) {
	t.Parallel()
	project := func(hso map[string]any, decision string) verdict.HookReport {
		return verdict.HookReport{Name: "rewrite", Project: true, Outcome: verdict.Success, Output: &verdict.Output{Decision: decision, HookSpecificOutput: hso}}
	}
	user := func(outcome verdict.Outcome) verdict.HookReport {
		return verdict.HookReport{Name: "guard", Outcome: outcome}
	}
	updated := map[string]any{"permissionDecision": "allow", "updatedInput": map[string]any{"command": "B"}}
	patch := map[string]any{"tool_input": map[string]any{"command": "B"}, "additionalContext": "ctx"}
	permission := map[string]any{"decision": map[string]any{"behavior": "allow", "updatedInput": map[string]any{"command": "B"}}}

	tests := []struct {
		name       string
		reports    []verdict.HookReport
		sequential bool
		dropped    bool
		wantHSO    map[string]any
	}{
		{"parallel, the user's guard ran", []verdict.HookReport{project(updated, "allow"), user(verdict.Success)}, false, true, nil},
		{"parallel, a guard that failed still judged", []verdict.HookReport{project(updated, "allow"), user(verdict.Error)}, false, true, nil},
		{"a gemini tool_input patch", []verdict.HookReport{project(patch, ""), user(verdict.Success)}, false, true, map[string]any{"additionalContext": "ctx"}},
		{"PermissionRequest's decision.updatedInput", []verdict.HookReport{project(permission, "allow"), user(verdict.Success)}, false, true, nil},
		{"sequential, the guard after the rewrite saw it", []verdict.HookReport{project(updated, "allow"), user(verdict.Success)}, true, false, updated},
		{"sequential, the guard before the rewrite did not", []verdict.HookReport{user(verdict.Success), project(updated, "allow")}, true, true, nil},
		{"project hooks only", []verdict.HookReport{project(updated, "allow"), {Name: "p2", Project: true, Outcome: verdict.Success}}, false, false, updated},
		{"the user's guard did not run (async)", []verdict.HookReport{project(updated, "allow"), user(verdict.Async)}, false, false, updated},
		{"a user hook's own rewrite", []verdict.HookReport{{Name: "mine", Outcome: verdict.Success, Output: &verdict.Output{HookSpecificOutput: updated}}, user(verdict.Success)}, false, false, updated},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			at := 0 // the rewriting hook
			for i, r := range tt.reports {
				if r.Output != nil {
					at = i
				}
			}
			orig := tt.reports[at].Output
			before := *orig
			got, notes := GuardRewrites(tt.reports, tt.sequential)
			assert.Equal(t, before, *orig, "the hook's output object is not modified")
			assert.True(t, rewrites(orig), "nor its hookSpecificOutput")
			out := got[at].Output
			if !tt.dropped {
				assert.Empty(t, notes)
				assert.Equal(t, tt.wantHSO, out.HookSpecificOutput)
				return
			}
			require.Len(t, notes, 1)
			assert.Contains(t, notes[0], "the tool input change of project hook rewrite was not applied: your hook guard judged the input without it")
			assert.Equal(t, tt.wantHSO, out.HookSpecificOutput)
			assert.Empty(t, out.Decision, "the allow given for the rewritten input is dropped")
			assert.Equal(t, "tool input change not applied: guard judged the input without it", got[at].Error)
		})
	}
}

// TestGuardRewritesKeepsDeny: dropping a rewrite never drops a deny.
func TestGuardRewritesKeepsDeny(t *testing.T) {
	t.Parallel()
	reports := []verdict.HookReport{
		{Name: "p", Project: true, Outcome: verdict.Blocked, Output: &verdict.Output{Decision: "deny", HookSpecificOutput: map[string]any{"updatedInput": map[string]any{}}}},
		{Name: "u", Outcome: verdict.Success},
	}
	got, _ := GuardRewrites(reports, false)
	assert.Equal(t, "deny", got[0].Output.Decision)
	assert.Nil(t, got[0].Output.HookSpecificOutput)
}

// TestSequentialMergeFollowsTheChain: in a sequential run the verdict's
// tool input is the one the chain gave the last hooks: a patch before an
// updatedInput (which saw it and replaced the whole input) is not merged
// on top of it again. In parallel the SPEC §5 merge is unchanged.
func TestSequentialMergeFollowsTheChain(t *testing.T) {
	t.Parallel()
	reports := func() []verdict.HookReport {
		return []verdict.HookReport{
			{Name: "p1", Project: true, Outcome: verdict.Success, Output: &verdict.Output{HookSpecificOutput: map[string]any{"tool_input": map[string]any{"command": "evil", "x": 1}}}},
			{Name: "p2", Project: true, Outcome: verdict.Success, Output: &verdict.Output{HookSpecificOutput: map[string]any{"updatedInput": map[string]any{"command": "ok"}, "tool_input": map[string]any{"y": 2}}}},
			{Name: "p3", Project: true, Outcome: verdict.Success, Output: &verdict.Output{HookSpecificOutput: map[string]any{"tool_input": map[string]any{"z": 3}}}},
			{Name: "guard", Outcome: verdict.Success},
		}
	}
	ev := testevent.Get(t, "BeforeTool")
	seq, notes := GuardRewrites(reports(), true)
	require.Empty(t, notes, "the guard ran after every change")
	v := Merge(ev, seq)
	assert.Equal(t, map[string]any{"command": "ok"}, v.HookSpecificOutput["updatedInput"])
	assert.Equal(t, map[string]any{"y": 2, "z": 3}, v.HookSpecificOutput["tool_input"])

	par, _ := GuardRewrites([]verdict.HookReport{reports()[0], reports()[1]}, false)
	v = Merge(ev, par)
	assert.Equal(t, map[string]any{"command": "evil", "x": 1, "y": 2}, v.HookSpecificOutput["tool_input"], "parallel: merged as SPEC §5 says")
}
