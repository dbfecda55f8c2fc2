package main

import (
	"io"
	"os"
	"strings"
	"time"

	"github.com/spf13/cobra"
	"github.com/spf13/pflag"

	"github.com/hookexec/hookexec/internal/dirs"
	"github.com/hookexec/hookexec/internal/event"
	"github.com/hookexec/hookexec/internal/planner"
	"github.com/hookexec/hookexec/internal/registry"
	"github.com/hookexec/hookexec/internal/runner"
)

// configFlags are the config and input options shared by fire, plan and
// test (SPEC §6, §7).
type configFlags struct {
	configs    []string
	input      string
	projectDir string
	dialect    string
}

func (c *configFlags) register(fl *pflag.FlagSet) {
	c.registerSources(fl)
	fl.StringVar(&c.input, "input", "", "read the event JSON from this file instead of stdin")
}

// registerSources registers the flags that say which configs to load
// (all but --input, which serve has no use for).
func (c *configFlags) registerSources(fl *pflag.FlagSet) {
	fl.StringArrayVar(&c.configs, "config", nil, "load this config file (repeatable; default: $HOOKEXEC_CONFIG, else discovery)")
	fl.StringVar(&c.projectDir, "project-dir", "", "project directory (default: $HOOKEXEC_PROJECT_DIR, agent variables, the nearest directory with .hookexec/ from the input's cwd or the working directory up)")
	fl.StringVar(&c.dialect, "dialect", "", "read --config files in this dialect: native, claude, gemini, llxprt (default: from the file's location)")
}

// check validates the flag values, so that a bad one is a usage error
// (exit 1 even with --fail-closed) rather than a config error.
func (c configFlags) check() error {
	_, err := registry.ParseDialect(c.dialect)
	return err
}

// load reads the event input, resolves the project directory and loads the
// registry, in that order: an input error means no config is read.
func (a *app) load(c configFlags) (*event.Input, string, *registry.Registry, error) {
	var dialect registry.Dialect
	if c.dialect != "" {
		d, err := registry.ParseDialect(c.dialect)
		if err != nil {
			return nil, "", nil, err
		}
		dialect = d
	}
	in, err := a.readInput(c.input)
	if err != nil {
		return nil, "", nil, err
	}
	inputCwd, _ := in.String("cwd")
	projectDir, err := dirs.ProjectRoot(c.projectDir, a.getenv, inputCwd)
	if err != nil {
		return nil, "", nil, err
	}
	reg, err := registry.Load(registry.Options{Configs: c.configs, Dialect: dialect, ProjectDir: projectDir, Getenv: a.getenv})
	if err != nil {
		return nil, "", nil, err
	}
	return in, projectDir, reg, nil
}

func (a *app) readInput(path string) (*event.Input, error) {
	wd, _ := os.Getwd()
	var r io.Reader = a.stdin
	if path != "" && path != "-" {
		f, err := os.Open(path)
		if err != nil {
			return nil, &event.InputError{Msg: err.Error()}
		}
		defer f.Close()
		r = f
	}
	if r == nil {
		r = strings.NewReader("")
	}
	return event.ReadInput(r, time.Now(), wd)
}

// eventCompletion completes event names for shells.
func eventCompletion(_ *cobra.Command, args []string, toComplete string) ([]string, cobra.ShellCompDirective) {
	if len(args) > 0 {
		return nil, cobra.ShellCompDirectiveNoFileComp
	}
	var out []string
	for _, n := range event.Names() {
		if strings.HasPrefix(strings.ToLower(n), strings.ToLower(toComplete)) {
			out = append(out, n)
		}
	}
	return out, cobra.ShellCompDirectiveNoFileComp
}

// planDefaults are the planner options that come from the environment:
// $HOOKEXEC_SHELL, the PATH on which the default shell is looked up, the
// variables that locate Git Bash on Windows, and $HOME, which anchors the
// "~/" path patterns of "if" rules.
func planDefaults(getenv func(string) string, environ []string) planner.Options {
	return planner.Options{
		Shell:      getenv("HOOKEXEC_SHELL"),
		HasProgram: func(p string) bool { return runner.HasProgram(p, environ) },
		Getenv:     getenv,
		Home:       getenv("HOME"),
	}
}
