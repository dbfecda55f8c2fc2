package setup

import (
	"context"
	"encoding/json"
	"fmt"
	"runtime"
	"slices"
	"strings"
)

// ServerState is what a probe of hookexec serve --http found.
type ServerState int

const (
	// ServerAnswers: this user's hookexec serve answers (its version is
	// the probe's).
	ServerAnswers ServerState = iota
	// ServerDown: nothing listens at the address.
	ServerDown
	// ServerForeign: something answers that is not this user's hookexec
	// serve (it cannot prove it holds the token).
	ServerForeign
	// ServerFailed: the probe failed otherwise.
	ServerFailed
)

// ServeProbe is what doctor needs to check install --http's whole path;
// the command wires it to the server package.
type ServeProbe struct {
	// TokenPath is the serve token file; Token its content, or TokenErr
	// why it could not be read (missing, readable by others, ...).
	TokenPath, Token string
	TokenErr         error
	// Probe asks the server at addr for its version, making it prove that
	// it holds token.
	Probe func(ctx context.Context, addr, token string) (version string, state ServerState, err error)
}

// httpChecks check install --http's entries, token and server, when the
// agent's settings have any of them.
func (d *agentDoctor) httpChecks(ctx context.Context, r *Report) {
	var https, ensures []string
	addrs := map[string]bool{}
	for _, f := range d.files {
		for _, e := range f.fires {
			if e.IsHTTP {
				https = append(https, d.httpEntryProblems(e, f.path)...)
				addrs[e.HTTP.Addr] = true
			}
		}
		for _, e := range f.ensures {
			ensures = append(ensures, e.Ensure.Addr)
			addrs[e.Ensure.Addr] = true
		}
	}
	if len(addrs) == 0 {
		return
	}
	c := Check{Name: d.name("http entries")}
	addr := firstKey(addrs)
	switch {
	case len(https) > 0:
		c.Detail = strings.Join(https, "\n")
	case len(addrs) > 1:
		c.Detail = "the entries name different addresses (" + strings.Join(sortedKeys(addrs), ", ") + "): the server started at SessionStart is not the one the http entries call"
	case len(ensures) == 0:
		c.Detail = "no SessionStart entry starts the server (hookexec serve --http " + addr + " --ensure): unless it runs as a service, every guarded action is blocked"
	}
	if c.Detail != "" {
		c.Fix = "run 'hookexec install " + d.ag.Name + " --http' (with --user or --project, as installed) to rewrite them"
		r.add(c)
		return
	}
	c.OK, c.Detail = true, "http entries call hookexec serve at "+addr+"; SessionStart starts it"
	r.add(c)
	if d.opts.Serve == nil {
		return
	}
	r.add(d.tokenCheck())
	r.add(d.serverCheck(ctx, addr))
}

// httpEntryProblems says what is wrong with one of install --http's
// entries: its headers, allowedEnvVars or event.
func (d *agentDoctor) httpEntryProblems(e hookEntry, path string) []string {
	var out []string
	where := fmt.Sprintf("%s in %s", e.Key, path)
	raw, _ := e.Hook.get("headers")
	headers, err := parseObject(raw)
	if err != nil {
		headers = &object{}
	}
	if v, _ := headers.str(ProjectDirHeader); v != "$"+d.ag.ProjectVar && v != "${"+d.ag.ProjectVar+"}" {
		out = append(out, fmt.Sprintf("%s: header %s is %q, not \"$%s\": the server cannot tell which project the event is for", where, ProjectDirHeader, v, d.ag.ProjectVar))
	}
	var allowed []string
	if raw, ok := e.Hook.get("allowedEnvVars"); ok {
		_ = json.Unmarshal(raw, &allowed)
	}
	for _, v := range []string{TokenVar, d.ag.ProjectVar} {
		if !slices.Contains(allowed, v) {
			out = append(out, fmt.Sprintf("%s: allowedEnvVars lacks %s, so %s sends it empty", where, v, d.ag.Title))
		}
	}
	if !e.Fire.sameEvent(e.Key) {
		out = append(out, fmt.Sprintf("%s: the URL names event %s", where, e.HTTP.Event))
	}
	return out
}

// tokenCheck: the token in the settings' env block is the token file's,
// and every file that holds it is the user's only.
func (d *agentDoctor) tokenCheck() Check {
	c := Check{Name: d.name("http token")}
	s := d.opts.Serve
	if s.TokenErr != nil {
		c.Detail = fmt.Sprintf("the serve token file %s: %v", s.TokenPath, s.TokenErr)
		c.Fix = "run 'hookexec install " + d.ag.Name + " --http' (it creates the token file, 0600)"
		return c
	}
	var held, wrong, open []string
	for _, f := range d.files {
		tok, ok := f.envToken(d.ag)
		if !ok {
			continue
		}
		held = append(held, f.path)
		if tok != s.Token {
			wrong = append(wrong, f.path)
		}
		if runtime.GOOS != "windows" && f.mode&0o077 != 0 {
			open = append(open, fmt.Sprintf("%s (mode %04o)", f.path, f.mode))
		}
	}
	switch {
	case len(held) == 0:
		c.Detail = "no settings file sets " + TokenVar + " in its \"" + d.ag.HTTP.EnvKey + "\": the server refuses every event (401), and " + d.ag.Title + " blocks it"
	case len(wrong) > 0:
		c.Detail = TokenVar + " in " + strings.Join(wrong, ", ") + " is not the token in " + s.TokenPath + ": the server refuses every event (401), and " + d.ag.Title + " blocks it"
	case len(open) > 0:
		c.Detail = "the token is readable by other users in " + strings.Join(open, ", ")
		c.Fix = "chmod 600 " + strings.Join(held, " ")
		return c
	default:
		c.OK, c.Detail = true, "the token in "+strings.Join(held, ", ")+" is the token file's; readable by the user only"
		return c
	}
	c.Fix = "run 'hookexec install " + d.ag.Name + " --http' (with --user or --project, as installed)"
	return c
}

// envToken is TokenVar in the file's env block.
func (as *agentSettings) envToken(ag Agent) (string, bool) {
	if as.doc == nil || ag.HTTP.EnvKey == "" {
		return "", false
	}
	raw, ok := as.doc.top.get(ag.HTTP.EnvKey)
	if !ok {
		return "", false
	}
	env, err := parseObject(raw)
	if err != nil {
		return "", false
	}
	return env.str(TokenVar)
}

// serverCheck: this user's hookexec serve answers at addr, with this
// binary's version.
func (d *agentDoctor) serverCheck(ctx context.Context, addr string) Check {
	c := Check{Name: d.name("http server")}
	s := d.opts.Serve
	if s.TokenErr != nil || s.Probe == nil {
		c.Detail = "not checked: no serve token"
		c.Fix = "run 'hookexec install " + d.ag.Name + " --http'"
		return c
	}
	start := "hookexec serve --http " + addr + " --ensure"
	version, state, err := s.Probe(ctx, addr, s.Token)
	switch {
	case state == ServerDown:
		c.Detail = "nothing answers at " + addr + ": until the next session start, " + d.ag.Title + " blocks every guarded action"
		c.Fix = "start it: " + start
	case state == ServerForeign:
		c.Detail = fmt.Sprintf("something that does not hold your serve token answers at %s (%v): %s's events go to it, and are blocked", addr, err, d.ag.Title)
		c.Fix = "if it is a hookexec serve started before the token file was replaced, stop that process (kill it) and run: " + start +
			"; if it is another program or user, stop it, or choose another address: hookexec install " + d.ag.Name + " --http --http-addr 127.0.0.1:PORT"
	case state != ServerAnswers || err != nil:
		c.Detail = fmt.Sprintf("the server at %s: %v", addr, err)
		c.Fix = "restart it: " + start
	case version != d.opts.Version:
		c.Detail = fmt.Sprintf("hookexec serve %s answers at %s, not this binary's %s", version, addr, d.opts.Version)
		c.Fix = "restart it: " + start + " (it replaces an older server)"
	default:
		c.OK, c.Detail = true, "hookexec serve "+version+" answers at "+addr+" and holds the token"
	}
	return c
}

func sortedKeys(m map[string]bool) []string {
	out := make([]string, 0, len(m))
	for k := range m {
		out = append(out, k)
	}
	slices.Sort(out)
	return out
}

func firstKey(m map[string]bool) string {
	if k := sortedKeys(m); len(k) > 0 {
		return k[0]
	}
	return ""
}
