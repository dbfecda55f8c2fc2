package casefile

import (
	"bytes"
	"encoding/json"
	"errors"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/hookexec/hookexec/internal/verdict"
)

// failAfter accepts n writes, then fails every one.
type failAfter struct {
	n     int
	calls int
}

func (f *failAfter) Write(p []byte) (int, error) {
	f.calls++
	if f.calls > f.n {
		return 0, errors.New("disk full")
	}
	return len(p), nil
}

// TestReporter: text lines as the cases end and the summary; one JSON
// document at the end; after a failed write nothing more is written and
// the first failure is kept.
func TestReporter(t *testing.T) {
	t.Parallel()
	runs := []Run{{Case: Case{Name: "one"}, Result: Result{Verdict: &verdict.Verdict{}}, Duration: time.Millisecond}}

	var text bytes.Buffer
	rep := &Reporter{W: &text}
	rep.Case(runs[0])
	require.NoError(t, rep.End(runs, time.Second, false))
	assert.Equal(t, "PASS one (1ms)\n1 passed, 0 failed\n", text.String())
	assert.NoError(t, rep.Err())

	var doc bytes.Buffer
	rep = &Reporter{W: &doc, JSON: true}
	rep.Case(runs[0])
	require.NoError(t, rep.End(runs, time.Second, false))
	var report map[string]any
	require.NoError(t, json.Unmarshal(doc.Bytes(), &report), "one JSON document, no text line")

	w := &failAfter{n: 1}
	rep = &Reporter{W: w}
	rep.Case(runs[0])
	require.NoError(t, rep.End(runs, time.Second, true))
	assert.EqualError(t, rep.Err(), "disk full")
	assert.Equal(t, 2, w.calls, "nothing written after the failure")
}
