package main

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"time"

	"github.com/spf13/cobra"

	"github.com/hookexec/hookexec/internal/casefile"
	"github.com/hookexec/hookexec/internal/dirs"
	"github.com/hookexec/hookexec/internal/engine"
	"github.com/hookexec/hookexec/internal/runner"
)

// testFlags are test's flags (SPEC §7).
type testFlags struct {
	configFlags // --config, --project-dir, --dialect (no --input: cases carry theirs)
	junit       string
	format      *value[string]
	run         *value[*regexp.Regexp]
	trustCases  bool
}

func (a *app) testCommand() *cobra.Command {
	var f testFlags
	cmd := &cobra.Command{
		Use:   "test [PATH...]",
		Short: "Run policy test cases through the same code path as fire",
		Long: `Run policy test cases: JSON files holding one case object or an array of
them. Each case fires its event with its input, exactly as 'hookexec fire'
would (real hook processes, one case at a time), and compares the verdict
with its expectations.

A directory argument means its *.json files, sorted by name, not recursively.
Without arguments, <project>/` + casefile.DefaultDir + ` is used. A case file under a
project's .hookexec/ is read only when that project is trusted with the file
as it is ('hookexec trust'); otherwise nothing runs. --trust-cases shows on
stderr what the project's files and cases run, as 'hookexec trust' would,
and trusts exactly that for this run only (not when an agent runs hookexec).

A case:

  {
    "name": "blocks sudo",
    "event": "BeforeTool",
    "config": "../hooks.json",
    "input": {"tool_name": "Bash", "tool_input": {"command": "sudo rm x"}},
    "env": {"MODE": "strict"},
    "expect": {"blocked": true, "decision": "deny", "reasonContains": "sudo",
               "exitCode": 2, "hooks": [{"name": "guard", "outcome": "blocked"}]}
  }

"config" is a path relative to the case file, an array of them, or an inline
config object; without it, --config, $HOOKEXEC_CONFIG or discovery apply.
"expect" may also hold continue, systemMessageContains, stopReasonContains,
additionalContextContains, errorContains (with exitCode 1), hookCount, and
per hook (by name, or by position without one) outcome, exitCode, decision,
stdoutContains, stderrContains. A ...Contains field is a string or an array
of strings that must all occur.

Prints one line per case and a closing line "N passed, M failed". Exit
status: 0 all passed, 1 a case failed or a case file is malformed.`,
		ValidArgsFunction: func(*cobra.Command, []string, string) ([]string, cobra.ShellCompDirective) {
			return []string{"json"}, cobra.ShellCompDirectiveFilterFileExt
		},
		RunE: func(cmd *cobra.Command, args []string) error {
			return a.test(args, f)
		},
	}
	fl := cmd.Flags()
	fl.StringArrayVar(&f.configs, "config", nil, `config file for cases without "config" (repeatable; default: $HOOKEXEC_CONFIG, else discovery)`)
	fl.StringVar(&f.projectDir, "project-dir", "", "project directory (default: as fire: $HOOKEXEC_PROJECT_DIR, agent variables, the nearest directory with .hookexec/ from the input's cwd or the working directory up)")
	f.dialect = flagDialect()
	fl.Var(f.dialect, "dialect", "read the cases' config files in this dialect: native, claude, gemini, llxprt (default: from the file's location)")
	fl.StringVar(&f.junit, "junit", "", "also write a JUnit XML report to this file")
	f.format, f.run = flagChoice("--format", "text", "json"), flagRegexp()
	fl.Var(f.format, "format", "output format: text or json")
	fl.Var(f.run, "run", "run only the cases whose name matches this regular expression")
	fl.BoolVar(&f.trustCases, "trust-cases", false, "show what the project's files and cases run, then trust exactly that for this run only (nothing is stored)")
	completeValues(cmd, "format", "text", "json")
	return cmd
}

func (a *app) test(args []string, f testFlags) error {
	depth := engine.Depth(a.getenv)
	if depth >= engine.MaxDepth {
		return fmt.Errorf("%s is %d: hooks are running hookexec recursively; refusing to run tests", engine.DepthVar, depth)
	}
	if f.trustCases {
		if err := a.trustCasesForRun(f.projectDir); err != nil {
			return err
		}
	}
	cases, err := a.collectCases(args, f.projectDir)
	if err != nil {
		var cerr *casefile.Error
		if errors.As(err, &cerr) {
			// file:line:col: message, like a config error of fire.
			fmt.Fprintln(a.stderr, cerr.Error())
			return silentStatus(exitError)
		}
		return err
	}
	if f.run.v != nil {
		cases = filterCases(cases, f.run.v)
		if len(cases) == 0 {
			return fmt.Errorf("no test case matches --run %q", f.run.raw)
		}
	}
	log, err := a.logger()
	if err != nil {
		return err
	}

	start := time.Now()
	run := runner.New(runner.Options{})
	eng := engine.Engine{Runner: run, Environ: os.Environ(), Depth: depth, Log: log}
	ctx, interrupted := runner.WatchSignals(run, fireInterrupts()...)
	// The report goes out line by line; the first failed write is kept and
	// reported after the summary status is decided.
	out := &trackedWriter{w: a.stdout}
	var runs []casefile.Run
	for _, c := range cases {
		if ctx.Err() != nil {
			break
		}
		r := a.runCase(ctx, eng, c, f.configFlags)
		runs = append(runs, r)
		if f.format.v == "text" {
			r.WriteText(out)
		}
	}
	sig := interrupted()
	total := time.Since(start)

	if f.format.v == "json" {
		if err := writeJSON(out, casefile.NewReport(runs, total)); err != nil && out.err == nil {
			return err
		}
	} else {
		casefile.WriteSummary(out, runs, sig != 0)
	}
	var werr error
	if out.err != nil {
		werr = fmt.Errorf("writing the report to stdout: %w", out.err)
	}
	if f.junit != "" {
		if err := writeJUnitFile(f.junit, runs, total); err != nil {
			if werr != nil {
				printError(a.stderr, werr)
			}
			return err
		}
	}
	// An interrupt or a failed case keeps its status when the report could
	// not be written; the write error is reported after it.
	switch {
	case sig != 0:
		return withStatus(128+int(sig), werr)
	case casefile.Failed(runs) > 0:
		return withStatus(exitError, werr)
	}
	return werr
}

// collectCases expands the arguments (default: the project's
// .hookexec/tests) into case files and parses them all, so that a
// malformed file stops the run before any hook runs.
func (a *app) collectCases(args []string, projectDirFlag string) ([]casefile.Case, error) {
	if len(args) == 0 {
		project, err := dirs.ProjectRoot(projectDirFlag, a.getenv, "")
		if err != nil {
			return nil, err
		}
		dir := filepath.Join(project, casefile.DefaultDir)
		if _, err := os.Stat(dir); err != nil {
			return nil, fmt.Errorf("no test cases: %s does not exist (name case files or directories)", dir)
		}
		args = []string{dir}
	}
	files, err := casefile.Files(args)
	if err != nil {
		return nil, err
	}
	if len(files) == 0 {
		return nil, fmt.Errorf("no case files (*.json) in %v", args)
	}
	// Project case files run only when their project is trusted.
	gate := &casefile.Gate{Getenv: a.getenv}
	var cases []casefile.Case
	for _, file := range files {
		cs, err := gate.ReadFile(file)
		if err != nil {
			return nil, err
		}
		cases = append(cases, cs...)
	}
	if len(cases) == 0 {
		return nil, fmt.Errorf("no test cases in %v", args)
	}
	return cases, nil
}

func filterCases(cases []casefile.Case, re *regexp.Regexp) []casefile.Case {
	var out []casefile.Case
	for _, c := range cases {
		if re.MatchString(c.Name) {
			out = append(out, c)
		}
	}
	return out
}
