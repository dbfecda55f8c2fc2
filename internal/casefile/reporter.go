package casefile

import (
	"io"
	"time"

	"github.com/hookexec/hookexec/internal/termstyle"
	"github.com/hookexec/hookexec/internal/verdict"
)

// Reporter writes the report of `hookexec test` to W as the run goes: in
// the text format a line per case as it ends (Case) and the closing
// summary (End); in the json format one document at the End (NewReport).
// The first failed write is kept (Err) and nothing is written after it,
// so that the run's status is decided before the write error is told.
type Reporter struct {
	W io.Writer
	// JSON selects the json format; else text.
	JSON bool
	// Style colours the text format (termstyle.Style{}: plain); the JSON
	// document never is.
	Style termstyle.Style

	err error
}

// Case reports one run as it ends (text format only).
func (r *Reporter) Case(run Run) {
	if !r.JSON {
		_ = run.WriteText(r, r.Style) // r keeps the first failure: Err
	}
}

// End writes the end of the report: the JSON document, or the summary
// after "interrupted" when the run was. It returns an error that is not a
// write's (the document could not be encoded); a write's is Err.
func (r *Reporter) End(runs []Run, total time.Duration, interrupted bool) error {
	if !r.JSON {
		_ = WriteSummary(r, runs, interrupted, r.Style) // as above
		return nil
	}
	if err := verdict.WriteJSON(r, NewReport(runs, total)); err != nil && r.err == nil {
		return err
	}
	return nil
}

// Err is the first write that failed, nil when all went out.
func (r *Reporter) Err() error { return r.err }

// Write passes p on to W unless a write failed before.
func (r *Reporter) Write(p []byte) (int, error) {
	if r.err != nil {
		return 0, r.err
	}
	n, err := r.W.Write(p)
	if err != nil {
		r.err = err
	}
	return n, err
}
