package main

import (
	"io"
	"os"
	"strings"
	"time"

	"github.com/spf13/cobra"
	"github.com/spf13/pflag"

	"github.com/hookexec/hookexec/internal/engine"
	"github.com/hookexec/hookexec/internal/event"
	"github.com/hookexec/hookexec/internal/registry"
)

// configFlags are the config and input options shared by fire, plan and
// test (SPEC §6, §7).
type configFlags struct {
	configs    []string
	input      string
	projectDir string
	dialect    *value[registry.Dialect]
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
	c.dialect = flagDialect()
	fl.Var(c.dialect, "dialect", "read --config files in this dialect: native, claude, gemini, llxprt (default: from the file's location)")
}

// request is the engine request of these flags for ev: the input from
// --input or stdin, the configs they name, hookexec's environment.
func (a *app) request(c configFlags, ev event.Event) engine.Request {
	return engine.Request{
		Event:      ev,
		Input:      func() (*event.Input, error) { return a.readInput(c.input) },
		ProjectDir: c.projectDir,
		Configs:    c.configs,
		Dialect:    c.dialect.v,
		Getenv:     a.getenv,
		Environ:    os.Environ(),
	}
}

// load reads the event input, resolves the project directory and loads the
// registry, in that order: an input error means no config is read (plan).
func (a *app) load(c configFlags) (*event.Input, string, *registry.Registry, error) {
	l, err := engine.Load(a.request(c, event.Event{}))
	return l.Input, l.ProjectDir, l.Registry, err
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
