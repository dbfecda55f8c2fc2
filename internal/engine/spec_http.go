package engine

import (
	"github.com/hookexec/hookexec/internal/planner"
	"github.com/hookexec/hookexec/internal/registry"
	"github.com/hookexec/hookexec/internal/runner"
)

// httpSpec builds the request of an http hook: the input a command hook
// would read, POSTed to the hook's URL with its headers, whose $VAR and
// ${VAR} references are expanded from the environment a command hook of
// the run would get (the parent's, with hookexec's variables), for the
// names allowedEnvVars lists only (registry.ExpandHeader), through the
// proxy Load chose for it (registry.HTTPProxy).
func (sh shared) httpSpec(step planner.Step, body []byte) runner.Spec {
	h := step.Hook.HTTP
	lookup := envLookup(sh.env)
	header := make([]runner.HeaderField, 0, len(h.Headers))
	for _, f := range h.Headers {
		header = append(header, runner.HeaderField{Name: f.Name, Value: registry.ExpandHeader(f.Value, h.AllowedEnvVars, lookup)})
	}
	req := &runner.HTTPRequest{URL: h.URL, Header: header, Proxy: h.Proxy.URL, EnvProxy: h.Proxy.FromEnv}
	return runner.Spec{HTTP: req, Timeout: step.Timeout, Stdin: body}
}
