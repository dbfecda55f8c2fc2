package registry

import (
	"testing"

	"github.com/stretchr/testify/assert"
)

func TestValidateSummary(t *testing.T) {
	t.Parallel()
	finding := func(s Severity) Diagnostic { return Diagnostic{Severity: s} }
	report := func(ds ...Diagnostic) *Report {
		return &Report{Files: []FileReport{{Path: "a"}, {Path: "b", Findings: ds}}}
	}
	tests := []struct {
		name   string
		report *Report
		strict bool
		want   string
	}{
		{"none", &Report{}, false, "no config files found"},
		{"clean", report(), false, "2 files OK"},
		{"clean strict", report(), true, "2 files OK"},
		{"warning", report(finding(SeverityWarning)), false, "2 files OK, 1 warning"},
		{"warning strict", report(finding(SeverityWarning)), true, "2 files: 1 warning (--strict)"},
		{"errors", report(finding(SeverityError), finding(SeverityError), finding(SeverityWarning)), false, "2 files: 2 errors, 1 warning"},
		{"one file", &Report{Files: []FileReport{{Path: "a"}}}, false, "1 file OK"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			assert.Equal(t, tt.want, summaryLine(tt.report, tt.strict, tt.report.OK(tt.strict)))
		})
	}
}

func TestFileLine(t *testing.T) {
	t.Parallel()
	assert.Equal(t, "h.json: claude dialect, project, 1 hook",
		fileLine(FileReport{Path: "h.json", Dialect: Claude, Source: Project, Hooks: 1, Enabled: true}))
	assert.Equal(t, "h.json: native dialect, user, 2 hooks (file disabled)",
		fileLine(FileReport{Path: "h.json", Dialect: Native, Source: User, Hooks: 2}))
}

func TestReportView(t *testing.T) {
	t.Parallel()
	r := &Report{Files: []FileReport{
		{Path: "a.json", Source: Project, Dialect: Native, Hooks: 2, Enabled: true, Findings: []Diagnostic{
			{Pos: Position{File: "a.json", Line: 3, Col: 7}, Severity: SeverityError, Message: "bad"},
			{Pos: Position{File: "a.json", Line: 4, Col: 1}, Severity: SeverityWarning, Message: "odd"},
		}},
		{Path: "b.json", Source: User, Dialect: Claude, Unchecked: map[string]int{"zsh": 1}},
	}}
	assert.False(t, r.OK(false))
	v := r.View(r.OK(false))
	assert.False(t, v.OK)
	assert.Equal(t, 1, v.Errors)
	assert.Equal(t, 1, v.Warnings)
	assert.Equal(t, []ReportFile{
		{File: "a.json", Source: "project", Dialect: "native", Hooks: 2, Enabled: true, Errors: 1, Warnings: 1},
		{File: "b.json", Source: "user", Dialect: "claude", Unchecked: map[string]int{"zsh": 1}},
	}, v.Files)
	assert.Equal(t, []ReportFinding{
		{File: "a.json", Line: 3, Col: 7, Severity: "error", Message: "bad"},
		{File: "a.json", Line: 4, Col: 1, Severity: "warning", Message: "odd"},
	}, v.Findings)
	assert.Empty(t, (&Report{}).View(true).Findings)
	assert.NotNil(t, (&Report{}).View(true).Findings, "an empty list, not null")
}
