package casefile

import (
	"errors"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/hookexec/hookexec/internal/verdict"
)

func ptr[T any](v T) *T { return &v }

func sampleVerdict() *verdict.Verdict {
	two, zero := 2, 0
	return &verdict.Verdict{
		Event: "BeforeTool", Blocked: true, Decision: "deny", Reason: "refusing sudo", Continue: true,
		SystemMessage:      "audited",
		HookSpecificOutput: map[string]any{"additionalContext": "branch main"},
		Hooks: []verdict.HookReport{
			{Name: "guard", Outcome: verdict.Blocked, ExitCode: &two, Stderr: "refusing sudo\n", Output: &verdict.Output{Decision: "deny", Reason: "refusing sudo"}},
			{Name: "audit", Outcome: verdict.Success, ExitCode: &zero, Stdout: "audited"},
			{Name: "killed", Outcome: verdict.Error, Error: "killed by SIGKILL"},
		},
	}
}

func TestCheckPasses(t *testing.T) {
	t.Parallel()
	e := Expect{
		Blocked: ptr(true), Decision: ptr("deny"), Continue: ptr(true), ExitCode: ptr(2),
		ReasonContains: []string{"refusing", "sudo"}, SystemMessageContains: []string{"audit"},
		AdditionalContextContains: []string{"main"}, HookCount: ptr(3),
		Hooks: []HookExpect{
			{Name: "audit", Outcome: ptr("success"), ExitCode: ptr(0), Decision: ptr(""), StdoutContains: []string{"audited"}},
			{Index: 0, Outcome: ptr("blocked"), Decision: ptr("deny"), StderrContains: []string{"sudo"}},
		},
	}
	assert.Empty(t, e.Check(Result{Verdict: sampleVerdict()}))
	assert.Empty(t, Expect{}.Check(Result{Verdict: sampleVerdict()}), "no expectation: any verdict passes")
}

func TestCheckMismatches(t *testing.T) {
	t.Parallel()
	e := Expect{
		Blocked: ptr(false), Decision: ptr(""), Continue: ptr(false), ExitCode: ptr(0),
		ReasonContains: []string{"sudo", "rm"}, StopReasonContains: []string{"x"}, SystemMessageContains: []string{"nope"},
		AdditionalContextContains: []string{"dev"}, ErrorContains: []string{"boom"}, HookCount: ptr(1),
		Hooks: []HookExpect{
			{Name: "missing"},
			{Name: "guard", Outcome: ptr("success"), ExitCode: ptr(0), Decision: ptr("allow"), StderrContains: []string{"rm"}},
			{Index: 5, Outcome: ptr("success")},
			{Name: "killed", ExitCode: ptr(0), StdoutContains: []string{"x"}},
		},
	}
	got := e.Check(Result{Verdict: sampleVerdict()})
	want := []Mismatch{
		{"exitCode", "0", "2"},
		{"error", `contains "boom"`, "no error"},
		{"blocked", "false", "true"},
		{"decision", `""`, `"deny"`},
		{"continue", "false", "true"},
		{"reason", `contains "sudo" and "rm"`, `"refusing sudo"`},
		{"stopReason", `contains "x"`, `""`},
		{"systemMessage", `contains "nope"`, `"audited"`},
		{"additionalContext", `contains "dev"`, `"branch main"`},
		{"hookCount", "1", `3 ["guard" "audit" "killed"]`},
		{`hooks["missing"]`, `a hook named "missing" in the plan`, `plan ["guard" "audit" "killed"]`},
		{`hooks["guard"].outcome`, `"success"`, `"blocked"`},
		{`hooks["guard"].exitCode`, "0", "2"},
		{`hooks["guard"].decision`, `"allow"`, `"deny"`},
		{`hooks["guard"].stderr`, `contains "rm"`, `"refusing sudo\n"`},
		{"hooks[5]", "a hook at position 5", `plan ["guard" "audit" "killed"]`},
		{`hooks["killed"].exitCode`, "0", "null (killed by SIGKILL)"},
		{`hooks["killed"].stdout`, `contains "x"`, `""`},
	}
	assert.Equal(t, want, got)
	assert.Equal(t, `reason: expected contains "sudo" and "rm", got "refusing sudo"`, got[5].String())
}

func TestCheckError(t *testing.T) {
	t.Parallel()
	loadErr := errors.New("hooks.json:3:4: invalid JSON: x")
	res := Result{Err: loadErr}
	require.Equal(t, 1, res.ExitCode())

	assert.Empty(t, Expect{ExitCode: ptr(1), ErrorContains: []string{"invalid JSON"}}.Check(res))
	assert.Equal(t, []Mismatch{{"exitCode", "0 or 2", "1 (hooks.json:3:4: invalid JSON: x)"}}, Expect{}.Check(res),
		"an error fails a case that does not expect it")
	assert.Equal(t, []Mismatch{
		{"exitCode", "2", "1 (hooks.json:3:4: invalid JSON: x)"},
		{"error", `contains "missing"`, `"hooks.json:3:4: invalid JSON: x"`},
		{"blocked", "a verdict", "no verdict (exit 1)"},
		{"hooks", "a verdict", "no verdict (exit 1)"},
	}, Expect{ExitCode: ptr(2), ErrorContains: []string{"missing"}, Blocked: ptr(true), Hooks: []HookExpect{{}}}.Check(res))
}

func TestResultExitCode(t *testing.T) {
	t.Parallel()
	assert.Equal(t, 2, Result{Verdict: &verdict.Verdict{Blocked: true}}.ExitCode())
	assert.Equal(t, 0, Result{Verdict: &verdict.Verdict{Decision: "deny"}}.ExitCode(), "a deny that cannot block proceeds")
	assert.Equal(t, 1, Result{}.ExitCode())
}
