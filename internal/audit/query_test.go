package audit

import (
	"os"
	"path/filepath"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/hookexec/hookexec/internal/verdict"
)

func TestQueryFilters(t *testing.T) {
	t.Parallel()
	records := []Record{
		rec("allow", 0),
		rec("block", 10, blocked),
		rec("deny", 20, func(r *Record) { r.Decision = "deny" }),
		rec("gemini", 30, func(r *Record) { r.Agent, r.EventName = "gemini", "" }),
		rec("stop", 40, func(r *Record) { r.Event, r.EventName, r.Tool = "AfterAgent", "Stop", "" }),
		rec("sub", 50, func(r *Record) { r.Project = "/home/dev/app/sub" }),
		rec("other", 60, func(r *Record) { r.Project = "/home/dev/application" }),
		rec("none", 70, func(r *Record) { r.Project = "" }),
		rec("off", 80, func(r *Record) { r.GuardOff = []verdict.GuardOff{{Kind: verdict.GuardOffUntrusted, OptedOut: true}} }),
	}
	var text string
	for _, r := range records {
		text += line(t, r)
	}
	l := testLog(t, "", text)
	for name, tc := range map[string]struct {
		q    Query
		want string
	}{
		"none":            {Query{}, "allow block deny gemini stop sub other none off"},
		"guard off":       {Query{GuardOff: true}, "off"},
		"blocked":         {Query{Blocked: true}, "block deny"},
		"since":           {Query{Since: t0.Add(50 * time.Minute)}, "sub other none off"},
		"since exact":     {Query{Since: t0.Add(60*time.Minute + time.Nanosecond)}, "none off"},
		"project":         {Query{Project: "/home/dev/app"}, "allow block deny gemini stop sub off"},
		"project sub":     {Query{Project: "/home/dev/app/sub"}, "sub"},
		"agent":           {Query{Agent: "gemini"}, "gemini"},
		"event":           {Query{Event: "AfterAgent"}, "stop"},
		"blocked+project": {Query{Blocked: true, Project: "/home/dev/app", Since: t0.Add(15 * time.Minute)}, "deny"},
	} {
		got, _, err := l.Tail(tc.q, 0)
		require.NoError(t, err, name)
		assert.Equal(t, tc.want, ids(got), name)
	}
}

func TestParseSince(t *testing.T) {
	t.Parallel()
	now := time.Date(2026, 11, 26, 12, 0, 0, 0, time.UTC)
	for in, want := range map[string]time.Time{
		"90m":                       now.Add(-90 * time.Minute),
		"2h":                        now.Add(-2 * time.Hour),
		"3d":                        now.Add(-72 * time.Hour),
		"1d12h":                     now.Add(-36 * time.Hour),
		"30s":                       now.Add(-30 * time.Second),
		"2026-11-20":                time.Date(2026, 11, 20, 0, 0, 0, 0, time.UTC),
		"2026-11-26T10:30:00Z":      time.Date(2026, 11, 26, 10, 30, 0, 0, time.UTC),
		"2026-11-26T10:30:00+02:00": time.Date(2026, 11, 26, 8, 30, 0, 0, time.UTC),
	} {
		got, err := ParseSince(in, now)
		require.NoError(t, err, in)
		assert.True(t, want.Equal(got), "%s: got %v, want %v", in, got, want)
	}
	got, err := ParseSince(" 2h ", now)
	require.NoError(t, err, "surrounding space is ignored")
	assert.Equal(t, now.Add(-2*time.Hour), got)
	for _, bad := range []string{"", "3x", "-2h", "0", "0s", "0d", "d", "3d-1h", "2026-13-01", "yesterday", "99999999d"} {
		_, err := ParseSince(bad, now)
		assert.ErrorContains(t, err, "invalid --since", bad)
	}
}

func TestParseAgentAndEvent(t *testing.T) {
	t.Parallel()
	got, err := ParseAgent("Claude")
	require.NoError(t, err)
	assert.Equal(t, "claude", got)
	_, err = ParseAgent("claud")
	assert.EqualError(t, err, `invalid --agent "claud": unknown agent (did you mean "claude"?)`)
	_, err = ParseAgent("zzzzzzzzzz")
	assert.ErrorContains(t, err, "unknown agent (want ")

	ev, err := ParseEvent("PreToolUse")
	require.NoError(t, err)
	assert.Equal(t, "BeforeTool", ev, "any name of the event, as its canonical name")
	ev, err = ParseEvent("beforetool")
	require.NoError(t, err)
	assert.Equal(t, "BeforeTool", ev)
	_, err = ParseEvent("PreToolUs")
	assert.ErrorContains(t, err, `did you mean "PreToolUse"?`)
}

func TestParseProject(t *testing.T) {
	t.Parallel()
	root := t.TempDir()
	require.NoError(t, os.Mkdir(filepath.Join(root, ".hookexec"), 0o700))
	getenv := func(k string) string {
		if k == "HOOKEXEC_PROJECT_DIR" {
			return root
		}
		return ""
	}
	got, err := ParseProject(".", getenv)
	require.NoError(t, err)
	assert.Equal(t, root, got, "'.' is the project as fire finds it")
	got, err = ParseProject("/a/b/../c", getenv)
	require.NoError(t, err)
	assert.Equal(t, "/a/c", got)
}

func TestFilterQuery(t *testing.T) {
	t.Parallel()
	now := time.Date(2026, 11, 26, 12, 0, 0, 0, time.UTC)
	q, err := Filter{Blocked: true, GuardOff: true, Since: "1h", Project: "/p", Agent: "gemini", Event: "Stop"}.Query(os.Getenv, now)
	require.NoError(t, err)
	assert.Equal(t, Query{Blocked: true, GuardOff: true, Since: now.Add(-time.Hour), Project: "/p", Agent: "gemini", Event: "AfterAgent"}, q)
	for _, f := range []Filter{{Since: "x"}, {Agent: "x"}, {Event: "x"}} {
		_, err := f.Query(os.Getenv, now)
		assert.ErrorContains(t, err, "invalid --", f)
	}
}

func TestRingKeepsTheLastN(t *testing.T) {
	t.Parallel()
	r := lastN(3)
	for _, id := range []string{"a", "b", "c", "d", "e"} {
		r.add(Entry{Record: Record{ID: id}})
	}
	assert.Equal(t, "c d e", ids(r.list()))
	r.add(Entry{Record: Record{ID: "f"}})
	assert.Equal(t, "d e f", ids(r.list()), "list leaves the ring usable")
}
