package registry

import (
	"fmt"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"time"

	"github.com/hookexec/hookexec/internal/agents"
	"github.com/hookexec/hookexec/internal/agents/agent"
)

// Dialects lists the dialects in the order they are documented: native,
// then each agent's (internal/agents).
func Dialects() []Dialect {
	out := []Dialect{Native}
	for _, name := range agents.Names() {
		out = append(out, Dialect(name))
	}
	return out
}

// ParseDialect reads a --dialect value (case-insensitive, surrounding space
// ignored). The empty string yields "" (detect from the file's location).
func ParseDialect(s string) (Dialect, error) {
	s = strings.ToLower(strings.TrimSpace(s))
	if s == "" {
		return "", nil
	}
	names := make([]string, 0, 4)
	for _, d := range Dialects() {
		if string(d) == s {
			return d, nil
		}
		names = append(names, string(d))
	}
	return "", fmt.Errorf("unknown dialect %q (want %s)", s, agents.OrList(names))
}

// Agent is the agent whose dialect d is, and false for native (and an
// unknown dialect).
func (d Dialect) Agent() (agent.Agent, bool) {
	if d == Native {
		return agent.Agent{}, false
	}
	return agents.ByDialect(string(d))
}

// TimeoutUnit is the unit of a numeric "timeout": the agent's
// (agent.Agent.TimeoutUnit), milliseconds in the native dialect.
func (d Dialect) TimeoutUnit() time.Duration {
	if a, ok := d.Agent(); ok {
		return a.TimeoutUnit
	}
	return time.Millisecond
}

// TimeoutUnitOf is the unit of the numeric "timeout" n: TimeoutUnit, or
// milliseconds where the agent reads n so (agent.Agent.UnitOf).
func (d Dialect) TimeoutUnitOf(n float64) time.Duration {
	if a, ok := d.Agent(); ok {
		return a.UnitOf(n)
	}
	return time.Millisecond
}

// DefaultTimeout is the timeout of a hook that sets none: the agent's
// (agent.Agent.DefaultTimeout), 60 s in the native dialect.
func (d Dialect) DefaultTimeout() time.Duration {
	if a, ok := d.Agent(); ok {
		return a.DefaultTimeout
	}
	return 60 * time.Second
}

// DefaultShells are the shell programs tried, in order, for the shell form
// when neither the hook nor $HOOKEXEC_SHELL names one; the first that is
// installed is used, else the last. Unix: the agent's (agent.Agent.Shells),
// bash, else sh, in the native dialect. Windows, every dialect, as Claude
// Code does there: Git Bash's bash.exe, else cmd.exe (windowsShells).
// getenv reads the variables that locate them (nil: none is set).
func (d Dialect) DefaultShells(getenv func(string) string) []string {
	if runtime.GOOS == "windows" {
		return windowsShells(getenv)
	}
	if a, ok := d.Agent(); ok {
		return a.Shells
	}
	return []string{"bash", "sh"}
}

// DetectDialect chooses the dialect of a config file from its location
// (SPEC §2.2): a file directly in an agent's settings directory (.claude,
// .gemini, .llxprt) or in one of its further config directories
// (.github/hooks, .codeium/windsurf: agentForDir) is read in that agent's
// dialect, and so is a plugin's
// hooks/hooks.json whose plugin directory holds the agent's plugin
// manifest (.claude-plugin/plugin.json); anything else is native. A
// relative path is taken relative to the working directory; symlinks are
// not resolved.
func DetectDialect(path string) Dialect {
	if a, ok := agentForDir(filepath.Dir(absPath(path))); ok {
		return Dialect(a.Name)
	}
	if a, root := pluginOf(path); root != "" {
		return Dialect(a.Name)
	}
	return Native
}

// PluginRoot returns the absolute directory of the agent plugin whose
// hooks/hooks.json path is (the directory that holds the agent's plugin
// manifest, .claude-plugin/plugin.json), or "" when path is not a plugin's
// hooks file. Its hooks get it in the agent's variable
// ($CLAUDE_PLUGIN_ROOT), as in the agent (PluginRootVar).
func PluginRoot(path string) string {
	_, root := pluginOf(path)
	return root
}

// PluginRootVar is the variable the hooks of the plugin at path get their
// plugin directory in, and the directory; "" when path is not a plugin's
// hooks file.
func PluginRootVar(path string) (name, root string) {
	a, root := pluginOf(path)
	if root == "" {
		return "", ""
	}
	return a.PluginRootVar, root
}

// pluginOf finds the agent whose plugin's hooks/hooks.json path is, and
// the plugin's directory ("" when none).
func pluginOf(path string) (agent.Agent, string) {
	path = absPath(path)
	dir := filepath.Dir(path)
	if filepath.Base(path) != "hooks.json" || filepath.Base(dir) != "hooks" {
		return agent.Agent{}, ""
	}
	root := filepath.Dir(dir)
	for _, a := range agents.WithPlugins() {
		fi, err := os.Stat(filepath.Join(root, filepath.FromSlash(a.PluginManifest)))
		if err == nil && fi.Mode().IsRegular() {
			return a, root
		}
	}
	return agent.Agent{}, ""
}

// absPath makes path absolute (relative to the working directory) without
// resolving symlinks; it returns path unchanged if that fails.
func absPath(path string) string {
	if abs, err := filepath.Abs(path); err == nil {
		return abs
	}
	return path
}

// valid reports whether d is native or an agent's dialect.
func (d Dialect) valid() bool {
	_, ok := d.Agent()
	return d == Native || ok
}

// RunsInProjectDir reports whether the dialect's hooks run in the project
// directory (native) rather than in the agent's working directory, as the
// agents run theirs (SPEC §4.2; agent.Agent.RunsInProjectDir). A
// project's hooks run in the project directory in every dialect
// (Hook.FromProject): trust pins their relative paths against the
// project root.
func (d Dialect) RunsInProjectDir() bool {
	if a, ok := d.Agent(); ok {
		return a.RunsInProjectDir
	}
	return true
}

// agent names the program whose settings a dialect reads: the agent's
// title, "hookexec" for native.
func (d Dialect) agent() string {
	if a, ok := d.Agent(); ok {
		return a.Title
	}
	return "hookexec"
}

// jsRegex reports whether d's matchers are JavaScript regular expressions,
// as their agents evaluate them (every agent's dialect); native "re:"
// matchers are RE2.
func (d Dialect) jsRegex() bool {
	_, ok := d.Agent()
	return ok
}
