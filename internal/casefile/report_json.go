package casefile

import (
	"time"

	"github.com/hookexec/hookexec/internal/verdict"
)

// Report is the --format json document of `test`: every case with its
// failures and verdict, and the counts.
type (
	Report struct {
		Cases      []CaseReport `json:"cases"`
		Passed     int          `json:"passed"`
		Failed     int          `json:"failed"`
		DurationMs float64      `json:"durationMs"`
	}
	// CaseReport is one case of a Report.
	CaseReport struct {
		Name       string           `json:"name"`
		File       string           `json:"file"`
		Line       int              `json:"line"`
		Column     int              `json:"column"`
		Event      string           `json:"event"`
		Passed     bool             `json:"passed"`
		DurationMs float64          `json:"durationMs"`
		ExitCode   int              `json:"exitCode"`
		Failures   []MismatchReport `json:"failures"`
		Error      string           `json:"error,omitempty"`
		Verdict    *verdict.Verdict `json:"verdict,omitempty"`
	}
	// MismatchReport is one expectation that did not hold.
	MismatchReport struct {
		Field    string `json:"field"`
		Expected string `json:"expected"`
		Actual   string `json:"actual"`
	}
)

// NewReport builds the JSON report of runs, which took total.
func NewReport(runs []Run, total time.Duration) Report {
	rep := Report{Cases: []CaseReport{}, DurationMs: float64(total.Microseconds()) / 1000}
	for _, r := range runs {
		cr := CaseReport{
			Name: r.Case.Name, File: r.Case.Pos.File, Line: r.Case.Pos.Line, Column: r.Case.Pos.Col, Event: r.Case.Event.Name,
			Passed: r.Passed(), DurationMs: float64(r.Duration.Microseconds()) / 1000, ExitCode: r.Result.ExitCode(),
			Failures: MismatchReports(r.Mismatches), Verdict: r.Result.Verdict,
		}
		if r.Result.Err != nil {
			cr.Error = r.Result.Err.Error()
		}
		rep.Cases = append(rep.Cases, cr)
		if cr.Passed {
			rep.Passed++
		} else {
			rep.Failed++
		}
	}
	return rep
}

func MismatchReports(ms []Mismatch) []MismatchReport {
	out := make([]MismatchReport, len(ms))
	for i, m := range ms {
		out[i] = MismatchReport(m)
	}
	return out
}
