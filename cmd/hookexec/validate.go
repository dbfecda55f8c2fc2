package main

import (
	"context"
	"fmt"

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
	fl.StringVar(&f.dialect, "dialect", "", "read the FILEs in this dialect: native, or an agent's name such as claude or gemini (default: from each file's location)")
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
	ok := report.OK(f.strict)
	if err := report.NoneFound(files, a.getenv, projectDir); err != nil {
		if f.format != "json" {
			return err
		}
		ok = false // the JSON report says so
	}
	if f.format == "json" {
		err = writeJSON(a.stdout, report.View(ok))
	} else {
		err = report.WriteText(a.stdout, a.stderr, f.strict, a.style(a.stdout), a.style(a.stderr))
	}
	if err != nil {
		return err
	}
	if !ok {
		return silentStatus(exitError)
	}
	return nil
}
