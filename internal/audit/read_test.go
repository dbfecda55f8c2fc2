package audit

import (
	"os"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestTailReadsRotatedFileFirst(t *testing.T) {
	t.Parallel()
	l := testLog(t, line(t, rec("a", 1))+line(t, rec("b", 2)), line(t, rec("c", 3))+line(t, rec("d", 4)))
	got, st, err := l.Tail(Query{}, 0)
	require.NoError(t, err)
	assert.Equal(t, "a b c d", ids(got))
	assert.Equal(t, Stats{Records: 4}, st)

	got, _, err = l.Tail(Query{}, 3)
	require.NoError(t, err)
	assert.Equal(t, "b c d", ids(got), "the last 3, oldest first")
}

func TestTailMissingFilesAreEmpty(t *testing.T) {
	t.Parallel()
	got, st, err := testLog(t, "", "").Tail(Query{}, 20)
	require.NoError(t, err)
	assert.Empty(t, got)
	assert.Equal(t, Stats{}, st)

	got, _, err = testLog(t, "", line(t, rec("only", 1))).Tail(Query{}, 20)
	require.NoError(t, err)
	assert.Equal(t, "only", ids(got), "no rotated file yet")
}

func TestTailSkipsAndCountsBadLines(t *testing.T) {
	t.Parallel()
	huge := `{"v":1,"id":"huge","input":"` + strings.Repeat("x", MaxLineBytes) + `"}` + "\n"
	current := line(t, rec("a", 1)) +
		"not json\n" +
		`{"v":2,"id":"future","time":"2030-01-01T00:00:00Z","new":{"shape":[1]}}` + "\n" +
		`{"v":"two"}` + "\n" +
		`{"id":"noversion","time":"2026-11-26T05:00:00Z"}` + "\n" +
		`{"v":1,"id":"badtime","time":"yesterday"}` + "\n" +
		"\n" + huge +
		line(t, rec("b", 2)) +
		strings.TrimSuffix(line(t, rec("c", 3)), "\n") // the last line has no newline
	got, st, err := testLog(t, "", current).Tail(Query{}, 0)
	require.NoError(t, err)
	assert.Equal(t, "a b c", ids(got), "the records around the bad lines are read")
	assert.Equal(t, Stats{Records: 3, Malformed: 4, TooLong: 1, Unknown: 1}, st)
	assert.Equal(t, "skipped 4 malformed lines, 1 line over 1 MiB, 1 line of a record version other than 1 (written by another hookexec)", st.String())
}

func TestTailKeepsTheLineAsStored(t *testing.T) {
	t.Parallel()
	stored := `{"v":1,  "id":"a","time":"2026-11-26T05:00:00Z","via":"fire","event":"BeforeTool","blocked":false,"hooks":0,"durationMs":0,"extra":"kept"}`
	got, _, err := testLog(t, "", stored+"\r\n").Tail(Query{}, 0)
	require.NoError(t, err)
	require.Len(t, got, 1)
	assert.Equal(t, stored, string(got[0].Line), "--json prints the bytes stored, unknown fields included")
}

func TestSplitterBoundsLinesAcrossChunks(t *testing.T) {
	t.Parallel()
	var s splitter
	var st Stats
	var lines []string
	emit := func(b []byte) { lines = append(lines, string(b)) }
	long := strings.Repeat("y", MaxLineBytes/2+1)
	s.feed([]byte("one\ntw"), emit, &st)
	s.feed([]byte("o\n"+long), emit, &st)
	s.feed([]byte(long), emit, &st) // now over the bound: dropped
	s.feed([]byte(long+"\nthree"), emit, &st)
	s.flush(emit)
	assert.Equal(t, []string{"one", "two", "three"}, lines)
	assert.Equal(t, 1, st.TooLong)
	assert.LessOrEqual(t, cap(s.buf), MaxLineBytes+64<<10, "an over-long line is never held whole")
}

func TestLocate(t *testing.T) {
	t.Parallel()
	env := func(kv ...string) func(string) string {
		return func(k string) string {
			for i := 0; i+1 < len(kv); i += 2 {
				if kv[i] == k {
					return kv[i+1]
				}
			}
			return ""
		}
	}
	l, err := Locate(env("HOOKEXEC_AUDIT_FILE", "/var/x/log.jsonl"))
	require.NoError(t, err)
	assert.Equal(t, Files{Current: "/var/x/log.jsonl", Rotated: "/var/x/log.1.jsonl", Enabled: true}, l)
	l, err = Locate(env("XDG_STATE_HOME", "/s", "HOOKEXEC_AUDIT", "off"))
	require.NoError(t, err)
	assert.Equal(t, Files{Current: "/s/hookexec/audit/decisions.jsonl", Rotated: "/s/hookexec/audit/decisions.1.jsonl"}, l)
	assert.Contains(t, l.Empty(), "HOOKEXEC_AUDIT=off")
	assert.Contains(t, l.Empty(), "/s/hookexec/audit/decisions.jsonl")
	_, err = Locate(env("HOOKEXEC_AUDIT_FILE", "rel.jsonl"))
	assert.ErrorContains(t, err, "not an absolute path")
	_, err = Locate(env())
	assert.ErrorContains(t, err, "HOME")
}

func TestReadDirectoryRefused(t *testing.T) {
	t.Parallel()
	l := testLog(t, "", "")
	require.NoError(t, os.Mkdir(l.Rotated, 0o700))
	_, _, err := l.Tail(Query{}, 0)
	assert.ErrorContains(t, err, "is a directory, not a regular file")
}

func TestTailRotatedMidScanReadsOnce(t *testing.T) {
	t.Parallel()
	// The writer renamed the current file to the rotated name after the
	// reader opened it: both names are the one file, read once.
	l := testLog(t, "", line(t, rec("a", 1))+line(t, rec("b", 2)))
	require.NoError(t, os.Link(l.Current, l.Rotated))
	got, st, err := l.Tail(Query{}, 0)
	require.NoError(t, err)
	assert.Equal(t, "a b", ids(got))
	assert.Equal(t, 2, st.Records)
}
