package main

import (
	"bytes"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"strings"
)

// fixtures are the files the scenarios read, all inside one directory
// (which is also the working directory of every run).
type fixtures struct {
	dir string
	// smallEvent is a BeforeTool event for the Bash tool.
	smallEvent string
	// bigEvent is a BeforeTool event for write_file with 10 MiB of content.
	bigEvent     string
	bigEventSize int64
}

// eventSize is the content size of the big event.
const eventSize = 10 << 20

// outputSize is what the output-1gib hook prints.
const outputSize = 1 << 30

// hookDef is one hook definition (group) of a generated config.
type hookDef struct {
	Matcher string     `json:"matcher,omitempty"`
	Hooks   []hookSpec `json:"hooks"`
}

type hookSpec struct {
	Type    string `json:"type"`
	Command string `json:"command"`
	Name    string `json:"name,omitempty"`
}

func writeFixtures(dir string) (fixtures, error) {
	fx := fixtures{dir: dir}
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return fx, err
	}
	small := `{"session_id":"bench","tool_name":"Bash","tool_input":{"command":"ls -la"}}` + "\n"
	fx.smallEvent = filepath.Join(dir, "event-small.json")
	if err := os.WriteFile(fx.smallEvent, []byte(small), 0o644); err != nil {
		return fx, err
	}
	big := `{"session_id":"bench","tool_name":"write_file","tool_input":{"file_path":"big.txt","content":"` +
		strings.Repeat("x", eventSize) + `"}}` + "\n"
	fx.bigEvent = filepath.Join(dir, "event-10mib.json")
	fx.bigEventSize = int64(len(big))
	if err := os.WriteFile(fx.bigEvent, []byte(big), 0o644); err != nil {
		return fx, err
	}
	return fx, nil
}

// config writes a native config named name with defs per event key and
// returns its path.
func (fx fixtures) config(name string, events map[string][]hookDef) string {
	var buf bytes.Buffer
	enc := json.NewEncoder(&buf)
	enc.SetEscapeHTML(false)
	enc.SetIndent("", "  ")
	if err := enc.Encode(map[string]any{"hooks": events}); err != nil {
		fatalf("config %s: %v", name, err)
	}
	path := filepath.Join(fx.dir, name)
	if err := os.WriteFile(path, buf.Bytes(), 0o644); err != nil {
		fatalf("config %s: %v", name, err)
	}
	return path
}

// commands returns n distinct commands: base followed by a "# hook i"
// comment, so that hookexec's dedup (same shell + command) keeps them all
// while bash runs exactly base.
func commands(base string, n int) []string {
	out := make([]string, n)
	for i := range out {
		out[i] = fmt.Sprintf("%s # hook %d", base, i)
	}
	if n == 1 {
		out[0] = base
	}
	return out
}

// def makes one definition running cmds.
func def(matcher string, cmds ...string) hookDef {
	d := hookDef{Matcher: matcher}
	for _, c := range cmds {
		d.Hooks = append(d.Hooks, hookSpec{Type: "command", Command: c})
	}
	return d
}

// parallelConfig writes a config whose only definition runs cmds for
// BeforeTool (matcher Bash) and returns its path.
func (fx fixtures) parallelConfig(name string, cmds []string) string {
	return fx.config(name, map[string][]hookDef{"BeforeTool": {def("Bash", cmds...)}})
}

// noMatchConfig has 50 BeforeTool hooks whose matchers name other tools
// (globs, lists, a regular expression), none of which fits Bash.
func (fx fixtures) noMatchConfig() string {
	var defs []hookDef
	matchers := []string{"write_file", "edit_*|Edit", "mcp__github__*", "re:^Write$", "{Read,Glob}"}
	for i := range 10 {
		cmds := make([]string, 5)
		for j := range cmds {
			cmds[j] = fmt.Sprintf("./hooks/guard-%d-%d.sh", i, j)
		}
		defs = append(defs, def(matchers[i%len(matchers)], cmds...))
	}
	return fx.config("no-match.json", map[string][]hookDef{"BeforeTool": defs})
}

// dispatcherConfig has 10 BeforeTool hooks in 5 definitions; 8 of them
// match Bash. Every hook reads the event and prints nothing.
func (fx fixtures) dispatcherConfig() (path string, matching int) {
	c := commands("cat >/dev/null", 10)
	defs := []hookDef{
		def("Bash", c[0], c[1]),
		def("Bash|run_shell_command", c[2], c[3]),
		def("*", c[4], c[5]),
		def("Write|Edit", c[6], c[7]),
		def("", c[8], c[9]),
	}
	return fx.config("dispatcher.json", map[string][]hookDef{"BeforeTool": defs}), 8
}

// bigEventConfig has 20 hooks that count their stdin: 10 under BeforeTool
// and 10 under its alias PreToolUse, so the event is serialized for two
// distinct hook_event_name values.
func (fx fixtures) bigEventConfig() (path string, cmds []string) {
	cmds = commands("wc -c", 20)
	return fx.config("config-10mib.json", map[string][]hookDef{
		"BeforeTool": {def("write_*", cmds[:10]...)},
		"PreToolUse": {def("write_file", cmds[10:]...)},
	}), cmds
}

// shellQuote quotes s for bash.
func shellQuote(s string) string {
	return "'" + strings.ReplaceAll(s, "'", `'\''`) + "'"
}

// rulesConfig has one BeforeTool hook, the guard hookexec init writes: a
// rules hook of the built-in pack hookexec:default, which runs in
// hookexec's own process.
func (fx fixtures) rulesConfig() string {
	const cfg = `{"hooks": {"BeforeTool": [{"hooks": [{"type": "rules", "name": "guard", "use": ["hookexec:default"]}]}]}}` + "\n"
	path := filepath.Join(fx.dir, "rules.json")
	if err := os.WriteFile(path, []byte(cfg), 0o644); err != nil {
		fatalf("config rules.json: %v", err)
	}
	return path
}

// starterScript is the starter policy hookexec init wrote before the
// rules pack (a sed and grep script), kept as an example.
const starterScript = "examples/policies/block-dangerous-shell/block-dangerous-shell.sh"

// starterConfig has one BeforeTool hook for Bash that runs the starter
// script as init configured it (sh SCRIPT), the script copied into the
// fixtures.
func (fx fixtures) starterConfig() string {
	data, err := os.ReadFile(starterScript)
	if err != nil {
		fatalf("the starter script (run make bench from the repository): %v", err)
	}
	script := filepath.Join(fx.dir, "block-dangerous-shell.sh")
	if err := os.WriteFile(script, data, 0o755); err != nil {
		fatalf("%s: %v", script, err)
	}
	return fx.parallelConfig("starter.json", []string{"sh " + shellQuote(script)})
}

// hugeEventSize is the content size of the huge event: 60 MB.
const hugeEventSize = 60_000_000

// hugeEvent writes a BeforeTool event for write_file with hugeEventSize
// bytes of content and a config with one hook that counts its stdin.
func (fx fixtures) hugeEvent() (event, config string, size int64) {
	big := `{"session_id":"bench","tool_name":"write_file","tool_input":{"file_path":"huge.txt","content":"` +
		strings.Repeat("x", hugeEventSize) + `"}}` + "\n"
	event = filepath.Join(fx.dir, "event-60mb.json")
	if err := os.WriteFile(event, []byte(big), 0o644); err != nil {
		fatalf("%s: %v", event, err)
	}
	return event, fx.config("config-60mb.json", map[string][]hookDef{"BeforeTool": {def("write_file", "wc -c")}}), int64(len(big))
}
