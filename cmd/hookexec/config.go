package main

import (
	"os"
	"strings"

	"github.com/spf13/cobra"
	"github.com/spf13/pflag"

	"github.com/hookexec/hookexec/internal/agents"
	"github.com/hookexec/hookexec/internal/engine"
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
	fl.Var(c.dialect, "dialect", "read --config files in this dialect: native, or an agent's name such as claude or gemini (default: from the file's location)")
}

// request is the engine request of these flags for ev: the input from
// --input or stdin, the configs they name, hookexec's environment.
func (a *app) request(c configFlags, name agents.EventName) engine.Request {
	return engine.Request{
		Event:      name.Event,
		Name:       name,
		Input:      engine.InputFrom(a.stdin, c.input),
		ProjectDir: c.projectDir,
		Configs:    c.configs,
		Dialect:    c.dialect.v,
		Getenv:     a.getenv,
		Environ:    os.Environ(),
	}
}

// eventCompletion completes event names for shells.
func eventCompletion(_ *cobra.Command, args []string, toComplete string) ([]string, cobra.ShellCompDirective) {
	if len(args) > 0 {
		return nil, cobra.ShellCompDirectiveNoFileComp
	}
	var out []string
	for _, n := range agents.EventKeys() {
		if strings.HasPrefix(strings.ToLower(n), strings.ToLower(toComplete)) {
			out = append(out, n)
		}
	}
	return out, cobra.ShellCompDirectiveNoFileComp
}
