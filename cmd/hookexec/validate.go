package main

import (
	"context"
	"fmt"
	"io"
	"maps"
	"slices"
	"strings"

	"github.com/spf13/cobra"

	"github.com/hookexec/hookexec/internal/dirs"
	"github.com/hookexec/hookexec/internal/registry"
)

// validateFlags are validate's flags (SPEC §7).
type validateFlags struct {
	format     string
	strict     bool
	dialect    string
	projectDir string
}

func (a *app) validateCommand() *cobra.Command {
	var f validateFlags
	cmd := &cobra.Command{
		Use:   "validate [FILE...]",
		Short: "Check hook config files and report every problem as file:line:col",
		Long: `Check the given config files, or, without FILE, those fire would load
($HOOKEXEC_CONFIG, else the discovered ones), without running anything: no
hook, no configured shell, no script.

Each finding is printed on stdout as
    FILE:LINE:COL: error|warning: message
Errors are what fire would reject or skip (invalid JSON, wrong structure,
unknown events, unsupported hook types and fields, matchers that do not
compile, bad timeouts) and what would fail every time it runs (shell syntax
errors, parsed in process in the grammar of the hook's shell: bash, sh,
dash, ash, mksh; commands for other shells, cmd.exe and PowerShell among them,
are not checked, and the line of the file says how many; scripts that are
missing or not executable). Warnings are likely mistakes that fire accepts:
unknown fields, matchers without effect, timeouts that look like the wrong
unit, shells and programs not on PATH.

In text format, stderr gets one line per file (its dialect, source and
number of hooks) and a closing summary ("2 files OK"). With --format json,
stdout is one JSON document and stderr stays empty.

Without FILE and $HOOKEXEC_CONFIG, finding no config file at all (no
.hookexec/ in the project directory or a parent of it, no user or system
file) is an error.

Exit status: 0 when there is no error (and no warning with --strict), 1
otherwise or on a usage error.`,
		Example: `  hookexec validate
  hookexec validate .hookexec/hooks.json .claude/settings.json --strict
  hookexec validate --format json hooks.json`,
		RunE: func(cmd *cobra.Command, args []string) error {
			return a.validate(cmd.Context(), args, f)
		},
	}
	fl := cmd.Flags()
	fl.StringVar(&f.format, "format", "text", "output format: text or json")
	fl.BoolVar(&f.strict, "strict", false, "exit 1 on warnings too")
	fl.StringVar(&f.dialect, "dialect", "", "read the FILEs in this dialect: native, claude, gemini, llxprt (default: from each file's location)")
	fl.StringVar(&f.projectDir, "project-dir", "", "project directory: discovery, and relative script paths (default: $HOOKEXEC_PROJECT_DIR, agent variables, the nearest directory with .hookexec/ from the working directory up)")
	return cmd
}

func (a *app) validate(ctx context.Context, files []string, f validateFlags) error {
	if f.format != "text" && f.format != "json" {
		return fmt.Errorf("invalid --format %q (supported: text, json)", f.format)
	}
	dialect, err := registry.ParseDialect(f.dialect)
	if err != nil {
		return err
	}
	projectDir, err := dirs.ProjectRoot(f.projectDir, a.getenv, "")
	if err != nil {
		return err
	}
	if ctx == nil {
		ctx = context.Background()
	}
	report, err := registry.Validate(ctx, registry.Options{Configs: files, Dialect: dialect, ProjectDir: projectDir, Getenv: a.getenv})
	if err != nil {
		return err
	}
	errs, warns := report.Count(registry.SeverityError), report.Count(registry.SeverityWarning)
	ok := errs == 0 && (!f.strict || warns == 0)
	// Without FILE and $HOOKEXEC_CONFIG, validate was asked to check the
	// project's setup: finding no file at all is then a failure, not a pass.
	discovered := len(files) == 0 && a.getenv("HOOKEXEC_CONFIG") == ""
	if discovered && len(report.Files) == 0 {
		if f.format == "json" {
			if err := writeJSON(a.stdout, newValidateView(report, false)); err != nil {
				return err
			}
			return silentStatus(exitError)
		}
		return fmt.Errorf("no config files found (project directory %s: no .hookexec/; no user or system config); create one with 'hookexec init'", projectDir)
	}
	if f.format == "json" {
		err = writeJSON(a.stdout, newValidateView(report, ok))
	} else {
		err = writeValidateText(a.stdout, a.stderr, report, f.strict, ok)
	}
	if err != nil {
		return err
	}
	if !ok {
		return silentStatus(exitError)
	}
	return nil
}

// writeValidateText prints the findings on stdout, and a line per file and
// the summary on stderr, so that stdout is only file:line:col findings.
func writeValidateText(stdout, stderr io.Writer, r *registry.Report, strict, ok bool) error {
	for _, f := range r.Files {
		if _, err := fmt.Fprintln(stderr, fileLine(f)); err != nil {
			return err
		}
		for _, d := range f.Findings {
			if _, err := fmt.Fprintln(stdout, d.String()); err != nil {
				return err
			}
		}
	}
	_, err := fmt.Fprintln(stderr, validateSummary(r, strict, ok))
	return err
}

// fileLine is "FILE: native dialect, project, 3 hooks".
func fileLine(f registry.FileReport) string {
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
	return b.String()
}

// validateSummary is the closing line: "2 files OK", "2 files OK, 1
// warning", "2 files: 1 error, 1 warning", "1 file: 1 warning (--strict)".
func validateSummary(r *registry.Report, strict, ok bool) string {
	if len(r.Files) == 0 {
		return "no config files found"
	}
	files := plural(len(r.Files), "file")
	errs, warns := r.Count(registry.SeverityError), r.Count(registry.SeverityWarning)
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

// validateView is validate's JSON document.
type validateView struct {
	OK       bool              `json:"ok"`
	Errors   int               `json:"errors"`
	Warnings int               `json:"warnings"`
	Files    []validateFile    `json:"files"`
	Findings []validateFinding `json:"findings"`
}

type validateFile struct {
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
}

// validateFinding is one finding; line and col are 0 when the finding is
// about the whole file (missing, unreadable).
type validateFinding struct {
	File     string `json:"file"`
	Line     int    `json:"line"`
	Col      int    `json:"col"`
	Severity string `json:"severity"`
	Message  string `json:"message"`
}

func newValidateView(r *registry.Report, ok bool) validateView {
	v := validateView{
		OK: ok, Errors: r.Count(registry.SeverityError), Warnings: r.Count(registry.SeverityWarning),
		Files: []validateFile{}, Findings: []validateFinding{},
	}
	for _, f := range r.Files {
		vf := validateFile{File: f.Path, Source: f.Source.String(), Dialect: string(f.Dialect), Hooks: f.Hooks, Enabled: f.Enabled, Unchecked: f.Unchecked}
		for _, d := range f.Findings {
			if d.Severity == registry.SeverityError {
				vf.Errors++
			} else {
				vf.Warnings++
			}
			v.Findings = append(v.Findings, validateFinding{File: d.Pos.File, Line: d.Pos.Line, Col: d.Pos.Col, Severity: string(d.Severity), Message: d.Message})
		}
		v.Files = append(v.Files, vf)
	}
	return v
}
