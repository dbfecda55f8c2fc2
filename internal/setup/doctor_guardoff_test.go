package setup

import (
	"errors"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
)

// doctor's "guards off" check (SPEC §2.5): no record, denied records only,
// a record the opt-out let through (fails), a log that cannot be read.
func TestGuardOffCheck(t *testing.T) {
	t.Parallel()
	now := time.Date(2026, 12, 7, 1, 0, 0, 0, time.UTC)
	check := func(records []GuardOffRecord, err error) Check {
		opts := DoctorOptions{ProjectDir: "/p", GuardOffs: func(project string, since time.Time) ([]GuardOffRecord, error) {
			assert.Equal(t, "/p", project)
			assert.Equal(t, now.Add(-GuardOffWindow), since)
			return records, err
		}}
		return guardOffCheck(opts, now)
	}
	c := check(nil, nil)
	assert.True(t, c.OK)
	assert.Contains(t, c.Detail, "no event of the project")

	c = check([]GuardOffRecord{{Kinds: []string{"untrusted"}}, {Kinds: []string{"untrusted", "skipped-file"}}}, nil)
	assert.True(t, c.OK, "denied events are the other checks' to fail")
	assert.Contains(t, c.Detail, "2 event(s)")
	assert.Contains(t, c.Detail, "(untrusted, skipped-file)")
	assert.Contains(t, c.Detail, "hookexec log --guard-off --since 1d --project /p")

	c = check([]GuardOffRecord{{Kinds: []string{"changed"}, OptedOut: true}}, nil)
	assert.False(t, c.OK, "a guard was off for a call that ran")
	assert.Contains(t, c.Detail, "1 of them let through")
	assert.Contains(t, c.Fix, "--untrusted skip")

	c = check(nil, errors.New("boom"))
	assert.True(t, c.OK)
	assert.Contains(t, c.Detail, "cannot be read: boom")

	assert.True(t, guardOffCheck(DoctorOptions{}, now).OK, "no log reader")
}
