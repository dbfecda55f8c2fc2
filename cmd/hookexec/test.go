package main

import (
	"errors"
	"fmt"
	"os"
	"regexp"
	"time"

	"github.com/spf13/cobra"

	"github.com/hookexec/hookexec/internal/casefile"
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
	fl.Var(f.dialect, "dialect", "read the cases' config files in this dialect: native, or an agent's name such as claude or gemini (default: from the file's location)")
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
	getenv := a.getenv
	if f.trustCases {
		var err error
		if getenv, err = casefile.TrustForRun(f.projectDir, a.getenv, a.stderr, a.style(a.stderr)); err != nil {
			return err
		}
	}
	cases, err := casefile.Collect(args, f.projectDir, getenv)
	var cerr *casefile.Error
	if errors.As(err, &cerr) {
		fmt.Fprintln(a.stderr, cerr.Error()) // file:line:col: message, like a config error of fire
		return silentStatus(exitError)
	} else if err != nil {
		return err
	}
	if f.run.v != nil {
		if cases = casefile.Filter(cases, f.run.v); len(cases) == 0 {
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
	ctx, interrupted := runner.WatchSignals(run, runner.FireInterrupts()...)
	// The report goes out line by line; the first failed write is kept and
	// reported after the summary status is decided.
	rep := &casefile.Reporter{W: a.stdout, JSON: f.format.v == "json", Style: a.style(a.stdout)}
	src := casefile.Sources{ProjectDir: f.projectDir, Configs: f.configs, Dialect: f.dialect.v, Getenv: getenv}
	runs := casefile.RunAll(ctx, eng, cases, src, rep.Case)
	sig := interrupted()
	total := time.Since(start)
	if err := rep.End(runs, total, sig != 0); err != nil {
		return err
	}
	var werr error
	if rep.Err() != nil {
		werr = fmt.Errorf("writing the report to stdout: %w", rep.Err())
	}
	if f.junit != "" {
		if err := casefile.WriteJUnitFile(f.junit, runs, total); err != nil {
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
