package registry

import (
	"fmt"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"time"
)

// Dialects lists the dialects in the order they are documented.
func Dialects() []Dialect { return []Dialect{Native, Claude, Gemini, LLxprt} }

// ParseDialect reads a --dialect value (case-insensitive, surrounding space
// ignored). The empty string yields "" (detect from the file's location).
func ParseDialect(s string) (Dialect, error) {
	s = strings.ToLower(strings.TrimSpace(s))
	if s == "" {
		return "", nil
	}
	for _, d := range Dialects() {
		if string(d) == s {
			return d, nil
		}
	}
	return "", fmt.Errorf("unknown dialect %q (want native, claude, gemini or llxprt)", s)
}

// TimeoutUnit is the unit of a numeric "timeout": seconds for claude,
// milliseconds otherwise.
func (d Dialect) TimeoutUnit() time.Duration {
	if d == Claude {
		return time.Second
	}
	return time.Millisecond
}

// DefaultTimeout is the timeout of a hook that sets none: 600 s for claude,
// 60 s otherwise.
func (d Dialect) DefaultTimeout() time.Duration {
	if d == Claude {
		return 600 * time.Second
	}
	return 60 * time.Second
}

// DefaultShells are the shell programs tried, in order, for the shell form
// when neither the hook nor $HOOKEXEC_SHELL names one; the first that is
// installed is used, else the last. Unix: bash, else sh; only sh for
// claude. Windows, every dialect, as Claude Code does there: Git Bash's
// bash.exe, else cmd.exe (windowsShells). getenv reads the variables that
// locate them (nil: none is set).
func (d Dialect) DefaultShells(getenv func(string) string) []string {
	if runtime.GOOS == "windows" {
		return windowsShells(getenv)
	}
	if d == Claude {
		return []string{"sh"}
	}
	return []string{"bash", "sh"}
}

// DetectDialect chooses the dialect of a config file from its location
// (SPEC §2.2): a file directly in a directory named .claude, or a plugin's
// hooks/hooks.json whose plugin directory holds .claude-plugin/plugin.json,
// is claude; .gemini is gemini; .llxprt is llxprt; anything else is native.
// A relative path is taken relative to the working directory; symlinks are
// not resolved.
func DetectDialect(path string) Dialect {
	switch filepath.Base(filepath.Dir(absPath(path))) {
	case ".claude":
		return Claude
	case ".gemini":
		return Gemini
	case ".llxprt":
		return LLxprt
	}
	if PluginRoot(path) != "" {
		return Claude
	}
	return Native
}

// PluginRoot returns the absolute directory of the Claude Code plugin whose
// hooks/hooks.json path is (the directory that holds
// .claude-plugin/plugin.json), or "" when path is not a plugin's hooks
// file. Its hooks get it as $CLAUDE_PLUGIN_ROOT, as in Claude Code.
func PluginRoot(path string) string {
	path = absPath(path)
	dir := filepath.Dir(path)
	if filepath.Base(path) != "hooks.json" || filepath.Base(dir) != "hooks" {
		return ""
	}
	root := filepath.Dir(dir)
	fi, err := os.Stat(filepath.Join(root, ".claude-plugin", "plugin.json"))
	if err != nil || !fi.Mode().IsRegular() {
		return ""
	}
	return root
}

// absPath makes path absolute (relative to the working directory) without
// resolving symlinks; it returns path unchanged if that fails.
func absPath(path string) string {
	if abs, err := filepath.Abs(path); err == nil {
		return abs
	}
	return path
}

// valid reports whether d is one of the four dialects.
func (d Dialect) valid() bool {
	for _, k := range Dialects() {
		if d == k {
			return true
		}
	}
	return false
}

// RunsInProjectDir reports whether the dialect's hooks run in the project
// directory (native) rather than in the agent's working directory, as the
// agents run theirs (SPEC §4.2). A project's hooks run in the project
// directory in every dialect (Hook.FromProject; issue 18 §1 hole 5).
func (d Dialect) RunsInProjectDir() bool {
	return d != Claude && d != Gemini && d != LLxprt
}
