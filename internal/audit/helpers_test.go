package audit

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/require"
)

// t0 is the time of the first record the tests write.
var t0 = time.Date(2026, 11, 26, 5, 0, 0, 0, time.UTC)

// rec is a record of id at t0 plus minutes, an allowed Bash call of
// claude's in /home/dev/app unless edit changes it.
func rec(id string, minutes int, edit ...func(*Record)) Record {
	r := Record{
		V: Version, ID: id, Time: t0.Add(time.Duration(minutes) * time.Minute).Format(time.RFC3339Nano),
		Agent: "claude", Via: "fire", Event: "BeforeTool", EventName: "PreToolUse",
		Project: "/home/dev/app", Tool: "Bash", Input: "ls", Decision: "allow", Hooks: 1,
	}
	for _, f := range edit {
		f(&r)
	}
	return r
}

// blocked makes a record a block by the policy "guard".
func blocked(r *Record) {
	code := 2
	r.Blocked, r.Decision, r.Reason, r.Input = true, "deny", "no deleting the root", "rm -rf /"
	r.Policy = &Hook{Name: "guard", Command: ".hookexec/guard.sh", Source: "project",
		File: "/home/dev/app/.hookexec/hooks.json", Line: 7, Matcher: "Bash", Outcome: "blocked",
		ExitCode: &code, Stderr: "no deleting the root\n", DurationMs: 12}
}

// line is r as the log stores it.
func line(t *testing.T, r Record) string {
	t.Helper()
	b, err := json.Marshal(r)
	require.NoError(t, err)
	return string(b) + "\n"
}

// testLog is a Log in a fresh directory, its files written from lines
// (rotated, current; "" writes no file).
func testLog(t *testing.T, rotated, current string) Files {
	t.Helper()
	dir := t.TempDir()
	l := Files{Current: filepath.Join(dir, "decisions.jsonl"), Rotated: filepath.Join(dir, "decisions.1.jsonl"), Enabled: true}
	if rotated != "" {
		require.NoError(t, os.WriteFile(l.Rotated, []byte(rotated), 0o600))
	}
	if current != "" {
		require.NoError(t, os.WriteFile(l.Current, []byte(current), 0o600))
	}
	return l
}

// appendTo appends text to path.
func appendTo(t *testing.T, path, text string) {
	t.Helper()
	f, err := os.OpenFile(path, os.O_WRONLY|os.O_APPEND|os.O_CREATE, 0o600)
	require.NoError(t, err)
	_, err = f.WriteString(text)
	require.NoError(t, err)
	require.NoError(t, f.Close())
}

func ids(es []Entry) string {
	var out []string
	for _, e := range es {
		out = append(out, e.ID)
	}
	return strings.Join(out, " ")
}
