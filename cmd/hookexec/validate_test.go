package main

import (
	"testing"

	"github.com/stretchr/testify/assert"

	"github.com/hookexec/hookexec/internal/registry"
)

func TestValidateSummary(t *testing.T) {
	t.Parallel()
	finding := func(s registry.Severity) registry.Diagnostic { return registry.Diagnostic{Severity: s} }
	report := func(ds ...registry.Diagnostic) *registry.Report {
		return &registry.Report{Files: []registry.FileReport{{Path: "a"}, {Path: "b", Findings: ds}}}
	}
	tests := []struct {
		name   string
		report *registry.Report
		strict bool
		want   string
	}{
		{"none", &registry.Report{}, false, "no config files found"},
		{"clean", report(), false, "2 files OK"},
		{"clean strict", report(), true, "2 files OK"},
		{"warning", report(finding(registry.SeverityWarning)), false, "2 files OK, 1 warning"},
		{"warning strict", report(finding(registry.SeverityWarning)), true, "2 files: 1 warning (--strict)"},
		{"errors", report(finding(registry.SeverityError), finding(registry.SeverityError), finding(registry.SeverityWarning)), false, "2 files: 2 errors, 1 warning"},
		{"one file", &registry.Report{Files: []registry.FileReport{{Path: "a"}}}, false, "1 file OK"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			errs, warns := tt.report.Count(registry.SeverityError), tt.report.Count(registry.SeverityWarning)
			ok := errs == 0 && (!tt.strict || warns == 0)
			assert.Equal(t, tt.want, validateSummary(tt.report, tt.strict, ok))
		})
	}
}

func TestFileLine(t *testing.T) {
	t.Parallel()
	assert.Equal(t, "h.json: claude dialect, project, 1 hook",
		fileLine(registry.FileReport{Path: "h.json", Dialect: registry.Dialect("claude"), Source: registry.Project, Hooks: 1, Enabled: true}))
	assert.Equal(t, "h.json: native dialect, user, 2 hooks (file disabled)",
		fileLine(registry.FileReport{Path: "h.json", Dialect: registry.Native, Source: registry.User, Hooks: 2}))
}
