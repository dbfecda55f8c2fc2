package audit

import (
	"errors"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestPick(t *testing.T) {
	t.Parallel()
	l := testLog(t, line(t, rec("aa01", 0, blocked)),
		line(t, rec("aa02", 1, blocked, func(r *Record) { r.Agent = "gemini" }))+
			line(t, rec("bb03", 2))+
			line(t, rec("cc04", 3, blocked, func(r *Record) { r.Project = "/other" }))+
			line(t, rec("dd05", 4)))

	e, _, err := l.Pick(Query{}, "")
	require.NoError(t, err)
	assert.Equal(t, "cc04", e.ID, "the last stopped event, not the last record")
	e, _, err = l.Pick(Query{Project: "/home/dev/app"}, "")
	require.NoError(t, err)
	assert.Equal(t, "aa02", e.ID, "--project narrows the last")
	e, _, err = l.Pick(Query{Agent: "claude", Project: "/home/dev/app"}, "")
	require.NoError(t, err)
	assert.Equal(t, "aa01", e.ID, "from the rotated file")

	e, _, err = l.Pick(Query{}, "bb")
	require.NoError(t, err)
	assert.Equal(t, "bb03", e.ID, "an id prefix picks any record")
	_, _, err = l.Pick(Query{}, "aa")
	assert.EqualError(t, err, `record id "aa" is ambiguous: it starts aa01, aa02; give more of it`)
	_, _, err = l.Pick(Query{}, "zz")
	assert.ErrorContains(t, err, `no record with an id starting "zz"`)

	_, _, err = testLog(t, "", line(t, rec("ok", 1))).Pick(Query{}, "")
	assert.True(t, errors.Is(err, ErrNoBlock))
	_, _, err = l.Pick(Query{Agent: "codex"}, "")
	assert.True(t, errors.Is(err, ErrNoBlock))
}

func TestWriteWhyNamesPolicyMatchOutputAndStatus(t *testing.T) {
	t.Parallel()
	sig := rec("id1", 0, blocked, func(r *Record) {
		r.Policy.If = "Bash(rm *)"
		r.Policy.Stdout = strings.Repeat("out line\n", 30)
		r.Failed = []Hook{{Name: "slow", File: "/u/hooks.json", Line: 3, Outcome: "timeout", Signal: "SIGKILL", DurationMs: 5000, Stderr: "waiting"}}
		r.Warnings = []string{"a warning \x1b[31mred"}
	})
	e := Entry{Record: sig, At: t0}
	var b strings.Builder
	require.NoError(t, WriteWhy(&b, e, nil))
	out := b.String()
	for _, want := range []string{
		"BLOCKED: PreToolUse at ",
		"project   /home/dev/app",
		"tool      Bash",
		"input     rm -rf /",
		"reason    no deleting the root",
		"name      guard",
		"command   .hookexec/guard.sh",
		"written   /home/dev/app/.hookexec/hooks.json:7 (project config)",
		`matched   event PreToolUse, matcher "Bash" matched tool Bash, if "Bash(rm *)" held`,
		"ended     exit status 2, outcome blocked, after 12ms",
		"stdout (first 20 of 30 lines):\n    | out line\n",
		"stderr:\n    | no deleting the root\n",
		"- slow (u/hooks.json:3): killed by SIGKILL, outcome timeout, after 5s",
		"    | waiting",
		"- a warning ?[31mred",
		"hookexec plan PreToolUse",
		"edit /home/dev/app/.hookexec/hooks.json:7",
		"hookexec trust /home/dev/app",
	} {
		assert.Contains(t, out, want)
	}
	assert.NotContains(t, out, "\x1b", "no escape sequence from the log reaches the terminal")

	noMatcher := rec("id2", 0, blocked, func(r *Record) { r.Policy.Matcher, r.Policy.Stderr = "", strings.Repeat("e", ExcerptBytes-3)+"…" })
	b.Reset()
	require.NoError(t, WriteWhy(&b, Entry{Record: noMatcher, At: t0}, nil))
	assert.Contains(t, b.String(), "no matcher: every tool")
	assert.Contains(t, b.String(), "stderr (cut: the log keeps the first 1024 bytes):")
	assert.Contains(t, b.String(), "stdout    (nothing)")
}

// A rules hook decides in hookexec's own process: why says what it decided
// (the pack's check, its file:line, the command that matched) and that no
// process ran, instead of an exit status and empty output.
func TestWriteWhyOfARulesHook(t *testing.T) {
	t.Parallel()
	r := rec("id3", 0, blocked, func(r *Record) {
		reason := `deny by hookexec:default/rm-root (/home/dev/app/.hookexec/hooks.json:11:21) [destructive delete]: "rm -rf /"`
		r.Policy = &Hook{Name: "guard", Command: "rules: 0 deny, 0 ask, 0 allow rules + hookexec:default", Source: "project",
			File: "/home/dev/app/.hookexec/hooks.json", Line: 7, Outcome: "success", DurationMs: 0.3, Decision: "deny", Reason: reason}
	})
	var b strings.Builder
	require.NoError(t, WriteWhy(&b, Entry{Record: r, At: t0}, nil))
	out := b.String()
	assert.Contains(t, out, `decided   deny: deny by hookexec:default/rm-root (/home/dev/app/.hookexec/hooks.json:11:21) [destructive delete]: "rm -rf /"`)
	assert.Contains(t, out, "ran       in hookexec's own process (no process), outcome success, after 300µs")
	assert.NotContains(t, out, "no exit status")
	assert.NotContains(t, out, "stdout    (nothing)")
}

func TestLogLine(t *testing.T) {
	t.Parallel()
	es := []Entry{
		{Record: rec("abcdefgh1", 0, blocked), At: t0},
		{Record: rec("abcdefgh2", 1, func(r *Record) { r.Input = strings.Repeat("x", 100) + "\x1b]0;title\x07" }), At: t0},
		{Record: rec("e", 2, func(r *Record) { r.Error, r.Decision, r.Tool = "invalid input JSON", "", "" }), At: t0},
		{Record: rec("q", 3, func(r *Record) { r.Decision = "ask" }), At: t0},
	}
	var b strings.Builder
	paint := func(tone Tone, s string) string { return "<" + string(rune('0'+tone)) + ">" + s }
	require.NoError(t, WriteLog(&b, es, paint))
	lines := strings.Split(strings.TrimSuffix(b.String(), "\n"), "\n")
	require.Len(t, lines, 4)
	assert.Regexp(t, `^abcdefgh1  \d{4}-\d\d-\d\d \d\d:\d\d:\d\d  claude  PreToolUse  Bash  <1>BLOCKED  rm -rf /\s+guard \(.hookexec/hooks.json:7\)  no deleting the root$`, lines[0])
	assert.Contains(t, lines[1], "abcdefgh2  ", "ids as long as tells them apart")
	assert.Contains(t, lines[1], "<2>allow    "+strings.Repeat("x", inputWidth-1)+"…")
	assert.NotContains(t, b.String(), "\x1b")
	assert.Contains(t, lines[2], "-     <1>error    ls")
	assert.True(t, strings.HasSuffix(lines[2], "invalid input JSON"))
	assert.Contains(t, lines[3], "<3>ask")
}

func TestCleanAndCut(t *testing.T) {
	t.Parallel()
	assert.Equal(t, "a b?c?d", clean("a\tb\x1bc\u202ed", false))
	assert.Equal(t, "a\nb", clean("a\nb", true))
	assert.Equal(t, "ab?", clean("ab\xff", false))
	assert.Equal(t, "abc", clip("  abc ", 3))
	assert.Equal(t, "ab…", clip("abcd", 3))
	assert.Equal(t, ".hookexec/hooks.json", shortFile("/home/dev/app/.hookexec/hooks.json"))
	assert.Equal(t, "hooks.json", shortFile("hooks.json"))
}

func TestLinesWidenAcrossBatches(t *testing.T) {
	t.Parallel()
	var b strings.Builder
	l := &Lines{W: &b}
	require.NoError(t, l.Write([]Entry{{Record: rec("a1", 0), At: t0}}))
	require.NoError(t, l.Write([]Entry{{Record: rec("a2", 1, func(r *Record) { r.Tool = "run_shell_command" }), At: t0}}))
	require.NoError(t, l.Write([]Entry{{Record: rec("a3", 2), At: t0}}))
	lines := strings.Split(b.String(), "\n")
	assert.Contains(t, lines[0], "  Bash  allow", "the first batch fits itself")
	assert.Contains(t, lines[1], "  run_shell_command  allow")
	assert.Contains(t, lines[2], "  Bash               allow", "later lines keep the widest column")
}

func TestWriteWhyOfAnError(t *testing.T) {
	t.Parallel()
	r := rec("err1", 0, func(r *Record) { r.Decision, r.Error = "", "hooks.json:3:5: unknown event \"PreTool\"" })
	var b strings.Builder
	require.NoError(t, WriteWhy(&b, Entry{Record: r, At: t0}, nil))
	assert.Contains(t, b.String(), "error: PreToolUse at ")
	assert.Contains(t, b.String(), `  error     hooks.json:3:5: unknown event "PreTool"`)
	assert.Contains(t, b.String(), "Decided by: no hook ran; hookexec answered the error above")
	assert.Contains(t, b.String(), "hookexec validate")
}
