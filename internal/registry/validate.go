package registry

import (
	"cmp"
	"context"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"slices"

	"github.com/hookexec/hookexec/internal/rules/pack"
)

// This file is the driver of `hookexec validate` (SPEC §7): it decodes each
// file as Load does, turns every entry that fire would skip into an error,
// and adds the findings of the validation layer (validate_lint.go: unknown
// fields, matchers, timeouts; validate_shell.go: shell syntax;
// validate_script.go: scripts).

// FileReport is what validate found in one config file.
type FileReport struct {
	Path    string
	Source  Source
	Dialect Dialect
	// Hooks is the number of valid hook entries (0 for a file that could
	// not be read or parsed).
	Hooks int
	// Enabled is false for a file turned off with hooksConfig.enabled or
	// disableAllHooks (its hooks are still validated); true for a file that
	// could not be read or parsed.
	Enabled bool
	// Findings are in position order.
	Findings []Diagnostic
	// Unchecked counts the shell-form commands whose syntax validate did
	// not check, by the name of their shell (cmd.exe, pwsh, zsh, ...:
	// hookexec has no parser for them).
	Unchecked map[string]int
	// LeftOut are the checks its rules hooks leave out of the packs they
	// use: "git-push-force of hookexec:default (hooks.json:3:40)".
	LeftOut []string
}

// Report is the result of Validate: one FileReport per file that exists
// (discovered files that do not exist are not listed), in load order.
type Report struct {
	Files []FileReport
}

// Count returns the number of findings of severity s in all files.
func (r *Report) Count(s Severity) int {
	n := 0
	for _, f := range r.Files {
		for _, d := range f.Findings {
			if d.Severity == s {
				n++
			}
		}
	}
	return n
}

// Findings returns the findings of all files, file by file.
func (r *Report) Findings() []Diagnostic {
	var out []Diagnostic
	for _, f := range r.Files {
		out = append(out, f.Findings...)
	}
	return out
}

// Validate checks the config files that Load would read with opts (the
// explicit files, else HOOKEXEC_CONFIG, else the discovered ones) and
// reports every finding, file by file. Problems with a file (missing,
// unreadable, malformed) are findings, not errors; the error is for options
// that cannot be honoured (an unknown dialect, an unreadable extensions
// directory).
//
// Validate runs nothing (SPEC §2.4): shell syntax is parsed in process,
// and the shells and scripts that hooks name are only looked up. ctx is
// not consulted: validation does not block.
func Validate(_ context.Context, opts Options) (*Report, error) {
	specs, getenv, _, err := opts.resolve()
	if err != nil {
		return nil, err
	}
	projectDir := opts.ProjectDir
	if projectDir == "" {
		if projectDir, err = os.Getwd(); err != nil {
			return nil, fmt.Errorf("registry: project directory: %w", err)
		}
	}
	env := lintEnv{projectDir: projectDir, getenv: getenv}
	report := &Report{}
	for i, spec := range specs {
		fr, ok := validateFile(spec, i, env)
		if !ok {
			continue
		}
		sortFindings(fr.Findings)
		report.Files = append(report.Files, fr)
	}
	return report, nil
}

// validateFile decodes one file with the linter on. ok is false for a
// discovered file that does not exist.
func validateFile(spec fileSpec, index int, env lintEnv) (fr FileReport, ok bool) {
	fr = FileReport{Path: spec.path, Source: spec.source, Dialect: spec.dialect, Enabled: true}
	data, err := spec.read()
	if err != nil {
		if !spec.explicit && errors.Is(err, fs.ErrNotExist) {
			return fr, false
		}
		fr.Findings = append(fr.Findings, errorFinding(readError(spec.path, err)))
		return fr, true
	}
	reg := &Registry{}
	lint := &linter{env: env}
	if err := decodeFileLint(reg, spec, index, data, lint); err != nil {
		var cerr *Error
		if !errors.As(err, &cerr) {
			cerr = &Error{Pos: Position{File: spec.path}, Msg: err.Error(), Err: err}
		}
		fr.Findings = append(fr.Findings, errorFinding(cerr))
		return fr, true
	}
	fr.Hooks = len(reg.Hooks)
	fr.Enabled = reg.Files[0].Enabled
	fr.Dialect = reg.Files[0].Dialect // a stray plugin file's (strayPlugin)
	// Every entry that fire skips with a warning is an error here
	// (SPEC §2.1), and so is what weakens a guard that fire still runs.
	for _, w := range reg.Warnings {
		if !w.Kept || w.Weakens {
			w.Severity = SeverityError
		}
		fr.Findings = append(fr.Findings, w)
	}
	fr.Findings = append(fr.Findings, lint.findings...)
	fr.Unchecked = lint.unchecked
	for _, h := range reg.Hooks {
		if h.Rules == nil {
			continue
		}
		for _, e := range h.Rules.Except {
			for _, u := range h.Rules.Use {
				if p, ok := pack.Lookup(u.Name); ok && p.Decides(e.ID) != "" {
					fr.LeftOut = append(fr.LeftOut, e.ID+" of "+u.Name+" ("+e.Pos+")")
				}
			}
		}
	}
	return fr, true
}

func errorFinding(e *Error) Diagnostic {
	return Diagnostic{Pos: e.Pos, Severity: SeverityError, Message: e.Msg}
}

// sortFindings orders findings by position; findings at the same position
// keep their order (the decoder's before the linter's).
func sortFindings(ds []Diagnostic) {
	slices.SortStableFunc(ds, func(a, b Diagnostic) int {
		return cmp.Or(cmp.Compare(a.Pos.Line, b.Pos.Line), cmp.Compare(a.Pos.Col, b.Pos.Col))
	})
}
