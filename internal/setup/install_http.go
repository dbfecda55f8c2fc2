package setup

import (
	"fmt"
	"io/fs"
	"net"
	"net/url"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"time"

	agentdesc "github.com/hookexec/hookexec/internal/agents/agent"
)

// TokenVar is the variable the agent sends the serve token from: install
// --http puts it into the settings file's env block, and the http entries'
// Authorization header names it.
const TokenVar = "HOOKEXEC_SERVE_TOKEN"

// ProjectDirHeader is the header that carries the agent's project
// directory (its ProjectVar) to hookexec serve --http.
const ProjectDirHeader = "Hookexec-Project-Dir"

// ensureTimeout is the timeout of the SessionStart entry that starts the
// server: serve --ensure returns within a few seconds.
const ensureTimeout = 30 * time.Second

// HTTPOptions are install --http's inputs: the entries send the events to
// hookexec serve --http at Addr, with Token.
type HTTPOptions struct {
	// Addr is the server's address (host:port, a loopback host).
	Addr string
	// Token is the serve token (the token file's content), which install
	// puts into the settings file's env block.
	Token string
}

// entryKind is what an entry install manages does.
type entryKind int

const (
	kindFire   entryKind = iota // a command running hookexec fire
	kindHTTP                    // an http entry answered by hookexec serve --http
	kindEnsure                  // SessionStart's hookexec serve --http ADDR --ensure
)

// checkHTTP refuses install --http for an agent whose http hooks cannot
// guard (Agent.HTTP), a layout other than nested definitions, an address
// that is not loopback, or an empty token.
func checkHTTP(ag Agent, h *HTTPOptions) error {
	if h == nil {
		return nil
	}
	if ag.HTTP.Refused != "" {
		return fmt.Errorf("setup: install --http: %s; install %s without --http: its command entries fail closed", ag.HTTP.Refused, ag.Name)
	}
	if !httpCapable(ag) {
		return fmt.Errorf("setup: install --http: %s has no http hooks hookexec can install; install %s without --http", ag.Title, ag.Name)
	}
	if err := checkLoopback(h.Addr); err != nil {
		return fmt.Errorf("setup: --http-addr: %w", err)
	}
	if h.Token == "" || strings.TrimSpace(h.Token) != h.Token || strings.ContainsAny(h.Token, "\"\\$") {
		return fmt.Errorf("setup: install --http: the serve token is empty or malformed")
	}
	return nil
}

// httpCapable reports whether install --http can set the agent up: it
// runs http hooks that can guard, in nested definitions.
func httpCapable(ag Agent) bool {
	return ag.HTTP.RunsHTTP() && ag.Layout == agentdesc.LayoutNested
}

// checkLoopback accepts 127.0.0.1:PORT, [::1]:PORT and localhost:PORT.
func checkLoopback(addr string) error {
	host, port, err := net.SplitHostPort(addr)
	if err != nil {
		return fmt.Errorf("%q is not HOST:PORT: %w", addr, err)
	}
	if n, err := strconv.Atoi(port); err != nil || n < 1 || n > 65535 {
		return fmt.Errorf("%q: the port must be a number from 1 to 65535", addr)
	}
	if host != "127.0.0.1" && host != "::1" && host != "localhost" {
		return fmt.Errorf("%q is not a loopback address (127.0.0.1:PORT, [::1]:PORT or localhost:PORT): the agent would send its events and the token off this machine", addr)
	}
	return nil
}

// httpWants turns install's wants into install --http's: an http entry for
// each event the agent sends over http, the command entry where it runs
// only commands (CommandOnly), and first the SessionStart entry that
// starts the server.
func httpWants(ag Agent, wants []wantEntry, h *HTTPOptions) (out []wantEntry, commandOnly []string) {
	out = append(out, wantEntry{Key: "SessionStart", Kind: kindEnsure, Timeout: ag.Units(ensureTimeout), Addr: h.Addr})
	for _, w := range wants {
		if isCommandOnly(ag, w.Key) {
			out = append(out, w)
			commandOnly = append(commandOnly, w.Key)
			continue
		}
		w.Kind, w.Addr = kindHTTP, h.Addr
		out = append(out, w)
	}
	return out, commandOnly
}

func isCommandOnly(ag Agent, key string) bool {
	for _, k := range ag.HTTP.CommandOnly {
		if k == key {
			return true
		}
	}
	return false
}

// failureHint is the query of install's URLs. serve ignores it; it is
// there for the one message the user and the model get when the server
// does not answer: Claude Code's onFailure block names the hook by its URL
// and adds only the connection error ("[URL]: failed; blocking because
// onFailure is "block"" then "connect ECONNREFUSED ADDR"), so the URL is
// where the fix can be said.
const failureHint = "on-failure=run-hookexec-doctor"

// httpURL is the URL hookexec serve --http answers the agent's event key
// at, with failureHint.
func httpURL(addr, format, key string) string {
	return "http://" + addr + "/v1/" + format + "/" + key + "?" + failureHint
}

// httpHook is the http entry install writes, in this key order.
func httpHook(ag Agent, w wantEntry, timeout int64) ordered {
	h := ordered{}
	if ag.HookName != "" {
		h = append(h, kv{"name", ag.HookName})
	}
	h = append(h,
		kv{"type", "http"},
		kv{"url", httpURL(w.Addr, ag.Format, w.Key)},
		kv{"headers", ordered{{"Authorization", "Bearer $" + TokenVar}, {ProjectDirHeader, "$" + ag.ProjectVar}}},
		kv{"allowedEnvVars", []string{TokenVar, ag.ProjectVar}},
		kv{"timeout", timeout})
	if w.OnFailure != "" {
		h = append(h, kv{"onFailure", w.OnFailure})
	}
	return h
}

// ensureCommand is SessionStart's command that starts the server.
func ensureCommand(program, addr string) string {
	return shellQuote(program) + " serve --http " + shellQuote(addr) + " --ensure"
}

// httpEntry is what install recognises of an http hook: hookexec serve's
// URL for an event, with the token's header.
type httpEntry struct {
	URL, Addr, Event string
	// Managed: the URL is serve's (http://HOST:PORT/v1/FORMAT/EVENT) and
	// the Authorization header sends $HOOKEXEC_SERVE_TOKEN.
	Managed bool
}

// parseHTTPEntry recognises install --http's entry for the agent format.
func parseHTTPEntry(h *object, format string) (httpEntry, bool) {
	if t, _ := h.str("type"); t != "http" {
		return httpEntry{}, false
	}
	raw, _ := h.str("url")
	u, err := url.Parse(raw)
	if err != nil || u.Scheme != "http" || u.Host == "" || (u.RawQuery != "" && u.RawQuery != failureHint) {
		return httpEntry{}, false
	}
	ev, ok := strings.CutPrefix(u.Path, "/v1/"+format+"/")
	if !ok || ev == "" || strings.Contains(ev, "/") {
		return httpEntry{}, false
	}
	hraw, _ := h.get("headers")
	headers, err := parseObject(hraw)
	if err != nil {
		return httpEntry{}, false
	}
	auth, _ := headers.str("Authorization")
	if auth != "Bearer $"+TokenVar && auth != "Bearer ${"+TokenVar+"}" {
		return httpEntry{}, false
	}
	return httpEntry{URL: raw, Addr: u.Host, Event: ev, Managed: true}, true
}

// ensureEntry is SessionStart's `hookexec serve --http ADDR --ensure`.
type ensureEntry struct {
	Program, Addr string
}

// parseEnsureCommand recognises the command install --http writes on
// SessionStart: exactly PROGRAM serve --http ADDR --ensure, PROGRAM a
// hookexec binary or self.
func parseEnsureCommand(command, self string) (ensureEntry, bool) {
	words, complete := shellWords(command)
	if !complete || len(words) != 5 || words[1] != "serve" || words[2] != "--http" || words[4] != "--ensure" {
		return ensureEntry{}, false
	}
	if !isHookexec(words[0]) && (self == "" || words[0] != self) {
		return ensureEntry{}, false
	}
	return ensureEntry{Program: words[0], Addr: words[3]}, true
}

// privateMode is the mode of a settings file that holds the serve token.
const privateMode fs.FileMode = 0o600

// takeOutOf removes hookexec's entries from the other settings file
// (installPaths), so that no event runs the policies twice; it says what
// it did, and for the committed file what to do with the change
// (committedAdvice).
func takeOutOf(opts InstallOptions, path string) ([]string, error) {
	advice := committedAdvice(opts, path)
	res, err := uninstallJSON(UninstallOptions{Agent: opts.Agent, Scope: opts.Scope, ProjectDir: opts.ProjectDir, Getenv: opts.Getenv, Program: opts.Program}, path)
	if err != nil || len(res.Removed) == 0 {
		return nil, err
	}
	return []string{fmt.Sprintf("took hookexec's entries for %s out of %s%s", strings.Join(res.Removed, ", "), path, advice)}, nil
}

// ignoreWarning is install --project's warning when the project is a git
// repository whose .gitignore files (the project's and that of the
// settings file's directory) have no line that ignores the uncommitted
// settings file, which now holds what holds says (the serve token, this
// machine's path); "" otherwise. Git's global
// excludes are not read: the warning says they may cover it.
func ignoreWarning(projectDir, path, holds string) string {
	if _, err := os.Stat(filepath.Join(projectDir, ".git")); err != nil {
		return ""
	}
	rel, err := filepath.Rel(projectDir, path)
	if err != nil {
		return ""
	}
	rel = filepath.ToSlash(rel)
	base := filepath.Base(path)
	candidates := map[string][]string{
		filepath.Join(projectDir, ".gitignore"):         {rel, "/" + rel, base, "**/" + base, "*.local.json", "/" + filepath.ToSlash(filepath.Dir(rel)) + "/", filepath.ToSlash(filepath.Dir(rel)) + "/"},
		filepath.Join(filepath.Dir(path), ".gitignore"): {base, "/" + base, "*.local.json"},
	}
	for file, lines := range candidates {
		// Only a regular file: a FIFO the repository ships as .gitignore
		// would hang the read.
		f, err := readSettingsFile(file)
		if err != nil || !f.Exists {
			continue
		}
		data := f.Data
		for _, l := range strings.Split(string(data), "\n") {
			if slices.Contains(lines, strings.TrimSpace(l)) {
				return ""
			}
		}
	}
	return fmt.Sprintf("no .gitignore of the project ignores %s, which holds %s: add %s to .gitignore (unless your global git excludes cover it) so that it is never committed", rel, holds, rel)
}
