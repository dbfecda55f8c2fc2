package registry

import (
	"os/user"
	"path/filepath"
	"strconv"
	"strings"

	"github.com/hookexec/hookexec/internal/dirs"
	"github.com/hookexec/hookexec/internal/trust"
)

// locationVars are the variables that say where the user's own files are
// (config, trust store, notices) or which shell runs hooks. A repository
// can set any of them through the agent (Gemini CLI loads the workspace
// .env into every hook's environment; Claude Code applies a project
// settings "env" block), so a value that is relative or points into the
// project is ignored: the user's own files are still found (issue 18 §1
// hole 10, SPEC §2.4).
func locationVars() []string { return append(dirs.LocationVars(), "HOOKEXEC_SHELL") }

// configVar is the variable that replaces discovery with its files.
const configVar = "HOOKEXEC_CONFIG"

// homeFallback is the user's home directory from the user database; a
// variable so that tests can replace it.
var homeFallback = func() string {
	if u, err := user.Current(); err == nil {
		return u.HomeDir
	}
	return ""
}

// SafeEnv returns getenv without the values a repository could have set to
// switch the user's guards off, and a warning for each value it ignored.
// It changes nothing unless an agent runs hookexec as its hook
// (trust.UnderAgent): elsewhere (a terminal, a CI step) the environment is
// the user's. Under an agent:
//
//   - a location variable (locationVars) whose value is relative or inside
//     project reads as unset; HOME then falls back to the user database.
//     HOOKEXEC_SHELL may be a bare program name (looked up on PATH);
//   - HOOKEXEC_CONFIG reads as unset: it replaces discovery, so any value, even
//     /dev/null, would drop the user's config; the user writes --config in
//     the hook's command instead.
//
// HOOKEXEC_TRUST_PROJECT is judged by trust.EnvValue. project is the
// absolute project directory ("" = the working directory).
func SafeEnv(getenv func(string) string, project string) (func(string) string, []string) {
	if project == "" {
		project, _ = filepath.Abs(".")
	}
	marker, agent := trust.UnderAgent(getenv)
	if !agent {
		return getenv, nil // the user's shell set the environment
	}
	// An agent started in the home directory (or above it) has the user's
	// own files inside its project: only relative values are refused then.
	home := homeFallback()
	homeInside := home != "" && filepath.IsAbs(home) && dirs.Within(filepath.Clean(home), filepath.Clean(project))
	place := placeOf(project)
	ignored := map[string]bool{}
	var warnings []string
	for _, name := range locationVars() {
		v := getenv(name)
		if v == "" {
			continue
		}
		if name == "HOOKEXEC_SHELL" && !strings.ContainsAny(v, `/\`) {
			continue // a program name, looked up on PATH
		}
		if why := unsafeLocation(v, place, homeInside); why != "" {
			ignored[name] = true
			warnings = append(warnings, name+"="+quoteValue(v)+": ignored, "+why+" under an agent ("+marker+" is set; a repository can set it through the agent)")
		}
	}
	if v := getenv(configVar); v != "" {
		ignored[configVar] = true
		warnings = append(warnings, configVar+"="+quoteValue(v)+": ignored under an agent ("+marker+" is set; a repository can set it through the agent): name your files with --config in the hook's command")
	}
	if len(ignored) == 0 {
		return getenv, nil
	}
	safe := func(name string) string {
		if !ignored[name] {
			return getenv(name)
		}
		if name == "HOME" {
			if home != "" && unsafeLocation(home, place, homeInside) == "" {
				return home
			}
		}
		return ""
	}
	return safe, warnings
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
