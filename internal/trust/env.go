package trust

import "github.com/hookexec/hookexec/internal/agents"

// ServedVar is set in the environment of every event serve --http answers
// (and so of its hooks): it makes UnderAgent true there. Setting it can
// only make hookexec stricter.
const ServedVar = "HOOKEXEC_SERVED"

// UnderAgent reports whether an agent runs hookexec as its hook, and the
// marker variable that says so: one of the variables that an agent sets in
// its hooks' environment and hookexec does not set itself (agents.Markers).
// There the repository can set variables too (Gemini CLI loads the
// workspace .env into every hook's environment; Claude Code applies a
// project settings "env" block). CLAUDE_PROJECT_DIR and GEMINI_PROJECT_DIR
// are documented for hooks; CLAUDECODE and GEMINI_CLI are set for the
// commands those agents run.
//
// ServedVar marks the events serve --http answers: each is an agent's,
// whether or not the request named its project.
func UnderAgent(getenv func(string) string) (string, bool) {
	if getenv(ServedVar) != "" {
		return ServedVar, true
	}
	for _, name := range agents.Markers() {
		if getenv(name) != "" {
			return name, true
		}
	}
	return "", false
}

// EnvValue is $HOOKEXEC_TRUST_PROJECT as Decide may use it: "" when an
// agent runs hookexec (UnderAgent), since the repository could have set it
// there; ignored then says why, for a warning. A
// run outside an agent (a CI step, a terminal) keeps the variable (SPEC
// §2.4 "CI and headless use").
func EnvValue(getenv func(string) string) (value, ignored string) {
	v := getenv(EnvVar)
	if v == "" {
		return "", ""
	}
	if marker, ok := UnderAgent(getenv); ok {
		return "", EnvVar + " is ignored when an agent runs hookexec (" + marker + " is set): the repository could have set it; run 'hookexec trust'"
	}
	return v, ""
}
