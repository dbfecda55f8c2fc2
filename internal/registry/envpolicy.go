package registry

import (
	"os"
	"os/user"
	"path/filepath"
	"runtime"
	"slices"
	"strconv"
	"strings"

	"github.com/hookexec/hookexec/internal/dirs"
	"github.com/hookexec/hookexec/internal/trust"
)

// locationVars are the variables that say where the user's own files are
// (config, trust store, notices). A repository can set any of them
// through the agent (Gemini CLI loads the workspace .env into every
// hook's environment; Claude Code applies a project settings "env"
// block), so under an agent a value that is relative or points into the
// project is ignored: the user's own files are still found (SPEC §2.4).
func locationVars() []string {
	var out []string
	for _, name := range dirs.LocationVars() {
		if !slices.Contains(agentIgnoredVars(), name) {
			out = append(out, name)
		}
	}
	return out
}

// agentIgnoredVars are hookexec's own knobs that under an agent read as
// unset whatever their value (SPEC §2.5): each would let the repository
// choose what runs or which files are read. HOOKEXEC_CONFIG replaces
// discovery (even /dev/null would drop the user's config);
// HOOKEXEC_SYSTEM_DIR moves the system files; HOOKEXEC_SHELL runs every
// shell-form hook (HOOKEXEC_SHELL=true turns each guard into true -c ...).
func agentIgnoredVars() []string {
	return []string{configVar, "HOOKEXEC_SYSTEM_DIR", shellVar}
}

// startupVars name files a shell reads when it starts (bash's BASH_ENV
// for a non-interactive shell, a POSIX sh's ENV): under an agent hooks do
// not get them from the environment, only from their own "env".
func startupVars() []string { return []string{"BASH_ENV", "ENV"} }

// configVar is the variable that replaces discovery with its files.
const configVar = "HOOKEXEC_CONFIG"

// shellVar names the default shell of shell-form hooks outside an agent.
const shellVar = "HOOKEXEC_SHELL"

// homeFallback is the user's home directory from the user database; a
// variable so that tests can replace it.
var homeFallback = func() string {
	if u, err := user.Current(); err == nil {
		return u.HomeDir
	}
	return ""
}

// SetUserDatabaseHome makes dir the home directory SafeEnv falls back on
// instead of the user database's, for the whole process. Only hookexec's
// own test binary calls it: its scripts must never read the files of the
// user running the tests.
func SetUserDatabaseHome(dir string) { homeFallback = func() string { return dir } }

// envPolicy is what SafeEnv decided for one load, kept so that the
// environment hooks get is filtered the same way (Registry.HookEnviron).
type envPolicy struct {
	agent      bool
	place      projectPlace
	homeInside bool
	// pathFrom is the PATH the load read and pathTo that PATH filtered:
	// hooks get the same value on every fire, and filtering resolves the
	// links of each entry.
	pathFrom, pathTo string
}

// SafeEnv returns getenv without the values a repository could have set to
// switch the user's guards off, and a warning for each value it ignored.
// It changes nothing unless an agent runs hookexec as its hook
// (trust.UnderAgent): elsewhere (a terminal, a CI step) the environment is
// the user's. Under an agent:
//
//   - a location variable (locationVars) whose value is relative or inside
//     project reads as unset; HOME then falls back to the user database;
//   - HOOKEXEC_CONFIG, HOOKEXEC_SYSTEM_DIR and HOOKEXEC_SHELL read as unset
//     whatever their value (agentIgnoredVars): the user names files with
//     --config in the hook's command and the shell in the "settings" of
//     the user's config file;
//   - BASH_ENV and ENV read as unset (startupVars);
//   - PATH reads without its entries that are relative or inside project.
//
// HOOKEXEC_TRUST_PROJECT is judged by trust.EnvValue. project is the
// absolute project directory ("" = the working directory).
func SafeEnv(getenv func(string) string, project string) (func(string) string, []string) {
	safe, _, warnings := safeEnv(getenv, project)
	return safe, warnings
}

func safeEnv(getenv func(string) string, project string) (func(string) string, envPolicy, []string) {
	if project == "" {
		project, _ = filepath.Abs(".")
	}
	marker, agent := trust.UnderAgent(getenv)
	if !agent {
		return getenv, envPolicy{}, nil // the user's shell set the environment
	}
	// An agent started in the home directory (or above it) has the user's
	// own files inside its project: only relative values are refused then.
	home := homeFallback()
	homeInside := home != "" && filepath.IsAbs(home) && dirs.Within(filepath.Clean(home), filepath.Clean(project))
	pol := envPolicy{agent: true, place: placeOf(project), homeInside: homeInside}
	because := " under an agent (" + marker + " is set; a repository can set it through the agent)"
	ignored := map[string]bool{}
	var warnings []string
	for _, name := range locationVars() {
		v := getenv(name)
		if v == "" {
			continue
		}
		if why := unsafeLocation(v, pol.place, homeInside); why != "" {
			ignored[name] = true
			warnings = append(warnings, name+"="+quoteValue(v)+": ignored, "+why+because)
		}
	}
	for _, name := range agentIgnoredVars() {
		if v := getenv(name); v != "" {
			ignored[name] = true
			warnings = append(warnings, name+"="+quoteValue(v)+": ignored"+because+": "+agentHint(name))
		}
	}
	for _, name := range startupVars() {
		if v := getenv(name); v != "" {
			ignored[name] = true
			warnings = append(warnings, name+"="+quoteValue(v)+": ignored"+because+": a shell would run that file before each hook; set it in the hook's own \"env\" if it is meant")
		}
	}
	configHome, why := lostConfig(getenv, ignored, home, pol.place, homeInside)
	if why != "" {
		warnings = append(warnings, why+because)
	}
	path, dropped := pol.path(getenv("PATH"))
	pol.pathFrom, pol.pathTo = getenv("PATH"), path
	if len(dropped) > 0 {
		warnings = append(warnings, "PATH entries "+quoteValue(strings.Join(dropped, string(filepath.ListSeparator)))+": ignored, relative or inside the project"+because)
	}
	if len(ignored) == 0 && len(dropped) == 0 && configHome == "" {
		return getenv, pol, nil
	}
	safe := func(name string) string {
		switch {
		case name == "PATH" && len(dropped) > 0:
			return path
		case name == "XDG_CONFIG_HOME" && configHome != "":
			return configHome
		}
		if !ignored[name] {
			return getenv(name)
		}
		if name == "HOME" {
			if home != "" && unsafeLocation(home, pol.place, homeInside) == "" {
				return home
			}
		}
		return ""
	}
	return safe, pol, warnings
}

// lostConfig guards the user's own config file under an agent: when the
// environment (HOME or XDG_CONFIG_HOME, as kept so far) locates a user
// config file that does not exist while the default one of the user's
// home directory (the user database's) does, the environment would drop
// the user's guards (XDG_CONFIG_HOME=/nowhere), so the config is read from
// the default location: it returns that XDG_CONFIG_HOME and the warning
// (without its reason). Not on Windows, where the config is in %APPDATA%.
func lostConfig(getenv func(string) string, ignored map[string]bool, home string, place projectPlace, homeInside bool) (string, string) {
	if runtime.GOOS == "windows" || home == "" || !filepath.IsAbs(home) || unsafeLocation(home, place, homeInside) != "" {
		return "", ""
	}
	kept := func(name string) string {
		if ignored[name] {
			if name == "HOME" {
				return home
			}
			return ""
		}
		return getenv(name)
	}
	def := filepath.Join(home, ".config")
	got := dirs.UserConfig(kept)
	want := filepath.Join(def, "hookexec")
	if got == "" || filepath.Clean(got) == want || fileExists(filepath.Join(got, "hooks.json")) || !fileExists(filepath.Join(want, "hooks.json")) {
		return "", ""
	}
	return def, "the user config " + quoteValue(filepath.Join(got, "hooks.json")) + " that HOME or XDG_CONFIG_HOME names does not exist: " + filepath.Join(want, "hooks.json") + " is read instead"
}

func fileExists(path string) bool {
	_, err := os.Stat(path)
	return err == nil
}

// agentHint is what the user does instead of setting name under an agent.
func agentHint(name string) string {
	switch name {
	case configVar:
		return "name your files with --config in the hook's command"
	case shellVar:
		return `set the hook's "shell", or "shell" in the "settings" of your config file (${XDG_CONFIG_HOME:-~/.config}/hookexec/hooks.json)`
	}
	return "the system files are read from " + dirs.SystemConfig(func(string) string { return "" })
}

// path is list (a PATH value) without its entries that are relative
// (empty included: the working directory) or inside the project, and the
// entries it dropped.
func (p envPolicy) path(list string) (string, []string) {
	if !p.agent || list == "" {
		return list, nil
	}
	var kept, dropped []string
	for _, e := range filepath.SplitList(list) {
		if unsafeLocation(e, p.place, p.homeInside) != "" {
			dropped = append(dropped, e)
			continue
		}
		kept = append(kept, e)
	}
	if len(dropped) == 0 {
		return list, nil
	}
	return strings.Join(kept, string(filepath.ListSeparator)), dropped
}

// HookEnviron is environ (NAME=value entries) as hooks get it under the
// policy of the load (SafeEnv): under an agent without BASH_ENV and ENV
// and with PATH's relative and in-project entries dropped; unchanged
// elsewhere. A hook's own "env" is applied after it, so it may set them.
func (r *Registry) HookEnviron(environ []string) []string {
	if !r.env.agent {
		return environ
	}
	out := make([]string, 0, len(environ))
	for _, kv := range environ {
		name, val, _ := strings.Cut(kv, "=")
		switch {
		case slices.Contains(startupVars(), name):
			continue
		case name == "PATH" || (runtime.GOOS == "windows" && strings.EqualFold(name, "PATH")):
			if val == r.env.pathFrom {
				kv = name + "=" + r.env.pathTo
			} else if p, dropped := r.env.path(val); len(dropped) > 0 {
				kv = name + "=" + p
			}
		}
		out = append(out, kv)
	}
	return out
}

// projectPlace is the project directory as written and with its links
// resolved (real: "" when it cannot be resolved), resolved once per
// SafeEnv.
type projectPlace struct{ dir, real string }

func placeOf(project string) projectPlace {
	p := projectPlace{dir: filepath.Clean(project)}
	if r, err := filepath.EvalSymlinks(project); err == nil {
		p.real = r
	}
	return p
}

// unsafeLocation says why the path v cannot locate the user's files: it is
// relative, or (unless homeInside: the project holds the user's home) it
// is the project directory or inside it (compared as written and with
// links resolved). "" means it may.
func unsafeLocation(v string, project projectPlace, homeInside bool) string {
	if !filepath.IsAbs(v) {
		return "a relative path"
	}
	if homeInside {
		return ""
	}
	p := filepath.Clean(v)
	if dirs.Within(p, project.dir) {
		return "inside the project"
	}
	if project.real != "" {
		if rp, err := filepath.EvalSymlinks(p); err == nil && dirs.Within(rp, project.real) {
			return "inside the project"
		}
		if dirs.Within(p, project.real) {
			return "inside the project"
		}
	}
	return ""
}

// quoteValue quotes v for a warning, cut to 200 bytes.
func quoteValue(v string) string {
	if len(v) > 200 {
		v = v[:200] + "..."
	}
	return strconv.Quote(v)
}
