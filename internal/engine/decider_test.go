package engine

import (
	"testing"

	"github.com/stretchr/testify/assert"

	"github.com/hookexec/hookexec/internal/verdict"
)

func TestDecider(t *testing.T) {
	t.Parallel()
	f := false
	allow := &verdict.Output{Decision: "allow"}
	ask := &verdict.Output{Decision: "ask"}
	stop := &verdict.Output{Continue: &f}
	tests := []struct {
		name string
		v    verdict.Verdict
		want int
	}{
		{"none ran", verdict.Verdict{}, -1},
		{"first blocking by exit 2", verdict.Verdict{Blocked: true, Hooks: []verdict.HookReport{{Output: allow}, {Outcome: verdict.Blocked}, {Outcome: verdict.Blocked}}}, 1},
		{"continue false", verdict.Verdict{Blocked: true, Hooks: []verdict.HookReport{{Output: allow}, {Output: stop}}}, 1},
		{"hookexec's own deny", verdict.Verdict{Blocked: true, Decision: "deny", Hooks: []verdict.HookReport{{Output: allow}}}, -1},
		{"the decision's first hook", verdict.Verdict{Decision: "ask", Hooks: []verdict.HookReport{{Output: allow}, {Output: ask}, {Output: ask}}}, 1},
		{"no decision", verdict.Verdict{Hooks: []verdict.HookReport{{Outcome: verdict.Success}}}, -1},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			assert.Equal(t, tt.want, Decider(tt.v))
		})
	}
}
