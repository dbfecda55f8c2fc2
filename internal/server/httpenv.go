package server

import (
	"os"
	"slices"
	"strings"

	"github.com/hookexec/hookexec/internal/agents"
	"github.com/hookexec/hookexec/internal/dirs"
	"github.com/hookexec/hookexec/internal/trust"
	"github.com/hookexec/hookexec/internal/verdict"
)

// SessionVars are the variables that belong to one agent session, not to
// a server that answers many: every agent's project directory, marker,
// session id and working directory variables (from the agents table),
// hookexec's own HOOKEXEC_PROJECT_DIR, HOOKEXEC_CWD and
// HOOKEXEC_SESSION_ID, and HOOKEXEC_TRUST_PROJECT. Requests over HTTP
// never see the server's values of them; a detached server is started
// without them.
func SessionVars() []string {
	out := append(dirs.ProjectVars(), "HOOKEXEC_CWD", "HOOKEXEC_SESSION_ID", trust.EnvVar)
	for a := range agents.Each() {
		for _, v := range append([]string{a.ProjectVar, a.SessionVar, a.CwdVar}, a.Markers...) {
			if v != "" && !slices.Contains(out, v) {
				out = append(out, v)
			}
		}
	}
	return out
}

// projectVar is the variable that names the project directory for format
// f: its agent's (CLAUDE_PROJECT_DIR, QWEN_PROJECT_DIR, ...), else
// hookexec's own HOOKEXEC_PROJECT_DIR (the result format, or an agent
// that sets none).
func projectVar(f verdict.Format) string {
	if a, ok := agents.ByFormat(string(f)); ok && a.ProjectVar != "" {
		return a.ProjectVar
	}
	return "HOOKEXEC_PROJECT_DIR"
}

// sessionFree is the server's environment without SessionVars: Getenv
// answers "" for them, Environ leaves them out. It is computed once per
// server (Server.sessionFree).
type sessionFree struct {
	drop    map[string]bool
	getenv  func(string) string
	environ []string
}

func newSessionFree(getenv func(string) string, environ []string) sessionFree {
	drop := map[string]bool{}
	for _, v := range SessionVars() {
		drop[v] = true
	}
	kept := make([]string, 0, len(environ))
	for _, kv := range environ {
		if name, _, _ := strings.Cut(kv, "="); !drop[name] {
			kept = append(kept, kv)
		}
	}
	return sessionFree{drop: drop, getenv: getenv, environ: kept}
}

// envFor is the environment of one HTTP request in format f: the server's
// without any session's variables, and with projectDir (the request's
// Hookexec-Project-Dir, "" for none) as the format's project variable,
// exactly as `fire --format f` sees it when the agent sets that variable.
// Every request is an agent's (trust.ServedVar), with or without a
// project directory: what the repository could set is ignored as under
// the agent itself (registry.SafeEnv).
func (sf sessionFree) envFor(f verdict.Format, projectDir string) requestEnv {
	name := projectVar(f)
	base := sf.getenv
	if base == nil {
		base = os.Getenv
	}
	getenv := func(k string) string {
		switch {
		case k == name && projectDir != "":
			return projectDir
		case k == trust.ServedVar:
			return "1"
		case sf.drop[k]:
			return ""
		}
		return base(k)
	}
	environ := append(slices.Clip(sf.environ), trust.ServedVar+"=1")
	if projectDir != "" {
		environ = append(environ, name+"="+projectDir)
	}
	return requestEnv{getenv: getenv, environ: environ, format: f}
}
