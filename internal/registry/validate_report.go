package registry

import (
	"fmt"
	"io"
	"maps"
	"slices"
	"strings"

	"github.com/hookexec/hookexec/internal/termstyle"
)

// OK reports whether validate passes: no error, and with strict no
// warning either.
func (r *Report) OK(strict bool) bool {
	return r.Count(SeverityError) == 0 && (!strict || r.Count(SeverityWarning) == 0)
}

// WriteText prints the findings on stdout, and a line per file and
// the summary on stderr, so that stdout is only file:line:col findings;
// out and errs colour stdout and stderr (termstyle.Style{}: plain).
func (r *Report) WriteText(stdout, stderr io.Writer, strict bool, out, errs termstyle.Style) error {
	ok := r.OK(strict)
	for _, f := range r.Files {
		if _, err := fmt.Fprintln(stderr, fileLine(f)); err != nil {
			return err
		}
		for _, d := range f.Findings {
			if _, err := fmt.Fprintln(stdout, d.Styled(out, nil)); err != nil {
				return err
			}
		}
	}
	_, err := fmt.Fprintln(stderr, summaryStyled(summaryLine(r, strict, ok), r, ok, errs))
	return err
}

// summaryStyled colours the summary line: green when it passes without a
// warning, the warnings in yellow when it passes with some, red when it
// fails.
func summaryStyled(line string, r *Report, ok bool, s termstyle.Style) string {
	warns := r.Count(SeverityWarning)
	switch {
	case !ok || len(r.Files) == 0:
		return s.Fail(line)
	case warns == 0:
		return s.OK(line)
	}
	head, tail, _ := strings.Cut(line, ", ")
	return s.OK(head) + ", " + s.Warn(tail)
}

// fileLine is "FILE: native dialect, project, 3 hooks".
func fileLine(f FileReport) string {
	var b strings.Builder
	fmt.Fprintf(&b, "%s: %s dialect, %s, %s", f.Path, f.Dialect, f.Source, plural(f.Hooks, "hook"))
	if !f.Enabled && f.Hooks > 0 {
		b.WriteString(" (file disabled)")
	}
	if len(f.Unchecked) > 0 {
		var parts []string
		for _, shell := range slices.Sorted(maps.Keys(f.Unchecked)) {
			parts = append(parts, fmt.Sprintf("%s for %s", plural(f.Unchecked[shell], "command"), shell))
		}
		b.WriteString("; shell syntax not checked (no parser): " + strings.Join(parts, ", "))
	}
	if len(f.LeftOut) > 0 {
		b.WriteString("; left out of the rule packs: " + strings.Join(f.LeftOut, ", "))
	}
	return b.String()
}

// summaryLine is the closing line: "2 files OK", "2 files OK, 1
// warning", "2 files: 1 error, 1 warning", "1 file: 1 warning (--strict)".
func summaryLine(r *Report, strict, ok bool) string {
	if len(r.Files) == 0 {
		return "no config files found"
	}
	files := plural(len(r.Files), "file")
	errs, warns := r.Count(SeverityError), r.Count(SeverityWarning)
	switch {
	case ok && warns == 0:
		return files + " OK"
	case ok:
		return files + " OK, " + plural(warns, "warning")
	case errs == 0 && strict:
		return files + ": " + plural(warns, "warning") + " (--strict)"
	default:
		return files + ": " + plural(errs, "error") + ", " + plural(warns, "warning")
	}
}

func plural(n int, noun string) string {
	if n == 1 {
		return "1 " + noun
	}
	return fmt.Sprintf("%d %ss", n, noun)
}

// ReportView is validate's --format json document.
type ReportView struct {
	OK       bool            `json:"ok"`
	Errors   int             `json:"errors"`
	Warnings int             `json:"warnings"`
	Files    []ReportFile    `json:"files"`
	Findings []ReportFinding `json:"findings"`
}

// ReportFile is one file of a ReportView.
type ReportFile struct {
	File     string `json:"file"`
	Source   string `json:"source"`
	Dialect  string `json:"dialect"`
	Hooks    int    `json:"hooks"`
	Enabled  bool   `json:"enabled"`
	Errors   int    `json:"errors"`
	Warnings int    `json:"warnings"`
	// Unchecked counts the shell-form commands whose syntax was not
	// checked, by shell.
	Unchecked map[string]int `json:"unchecked,omitempty"`
	// LeftOut are the checks the file's rules hooks leave out of their
	// packs, as FileReport.LeftOut.
	LeftOut []string `json:"leftOut,omitempty"`
}

// ReportFinding is one finding; line and col are 0 when the finding is
// about the whole file (missing, unreadable).
type ReportFinding struct {
	File     string `json:"file"`
	Line     int    `json:"line"`
	Col      int    `json:"col"`
	Severity string `json:"severity"`
	Message  string `json:"message"`
}

// View is the report as validate's JSON document; ok is the verdict (OK,
// or false when no config file was found where one was required).
func (r *Report) View(ok bool) ReportView {
	v := ReportView{
		OK: ok, Errors: r.Count(SeverityError), Warnings: r.Count(SeverityWarning),
		Files: []ReportFile{}, Findings: []ReportFinding{},
	}
	for _, f := range r.Files {
		vf := ReportFile{File: f.Path, Source: f.Source.String(), Dialect: string(f.Dialect), Hooks: f.Hooks, Enabled: f.Enabled, Unchecked: f.Unchecked, LeftOut: f.LeftOut}
		for _, d := range f.Findings {
			if d.Severity == SeverityError {
				vf.Errors++
			} else {
				vf.Warnings++
			}
			v.Findings = append(v.Findings, ReportFinding{File: d.Pos.File, Line: d.Pos.Line, Col: d.Pos.Col, Severity: string(d.Severity), Message: d.Message})
		}
		v.Files = append(v.Files, vf)
	}
	return v
}
