package codex

import (
	"bytes"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"math"
	"sort"
	"strconv"
	"strings"
	"unicode/utf8"
)

// Handler is one command hook of a Codex hooks.json, as Codex trusts it:
// its key in config.toml's [hooks.state] and the hash that
// [hooks.state."KEY"] trusted_hash must hold for Codex to run it.
type Handler struct {
	// Key is "FILE:EVENT:GROUP:HANDLER": the file's absolute path, the
	// event's snake_case label, the group's index in the event's list and
	// the handler's index in the group (Codex's hook_key).
	Key string
	// Event is the event's name in the file ("PreToolUse").
	Event string
	// Command is the handler's command.
	Command string
	// Hash is "sha256:HEX", Codex's currentHash of the handler.
	Hash string
}

// Handlers lists the command hooks of the Codex hooks.json at path (an
// absolute path: it is part of each key) whose content is data, with the
// key and the hash Codex 0.169.0 gives each (codex-rs/hooks/src/engine/
// discovery.rs: command_hook_hash). The hash covers the hook's identity,
// not the script it runs: the event's label, the matcher (on the events
// that have one), and the handler with its timeout made explicit (600 when
// unset, at least 1), async, and statusMessage when set; serialized as
// JSON with sorted keys and no spaces, as serde_json writes it, and hashed
// with SHA-256. make e2e checks it against codex app-server's hooks/list.
func Handlers(path string, data []byte) ([]Handler, error) {
	var file struct {
		Hooks map[string][]struct {
			Matcher *string           `json:"matcher"`
			Hooks   []json.RawMessage `json:"hooks"`
		} `json:"hooks"`
	}
	if err := json.Unmarshal(data, &file); err != nil {
		return nil, fmt.Errorf("%s: %w", path, err)
	}
	names := make([]string, 0, len(file.Hooks))
	for name := range file.Hooks {
		names = append(names, name)
	}
	sort.Slice(names, func(i, j int) bool { return eventRank(names[i]) < eventRank(names[j]) })
	var out []Handler
	for _, name := range names {
		label, matcherKept, ok := eventLabel(name)
		if !ok {
			continue // not an event of Codex: it ignores the key
		}
		for gi, g := range file.Hooks[name] {
			matcher := g.Matcher
			if !matcherKept {
				matcher = nil
			}
			hi := 0
			for _, raw := range g.Hooks {
				h, kind, err := readHandler(raw, label)
				if err != nil {
					return nil, fmt.Errorf("%s: %s[%d].hooks: %w", path, name, gi, err)
				}
				if kind == "" {
					continue // a type Codex does not know: dropped before counting
				}
				if kind == "command" && strings.TrimSpace(h.Command) != "" {
					out = append(out, Handler{
						Key:     fmt.Sprintf("%s:%s:%d:%d", path, label, gi, hi),
						Event:   name,
						Command: h.Command,
						Hash:    h.hash(label, matcher),
					})
				}
				hi++
			}
		}
	}
	return out, nil
}

// handler is a command handler's fields that its hash covers.
type handler struct {
	Command                string
	Timeout                uint64
	Async                  bool
	StatusMessage          *string
	AdditionalContextLimit *uint64
}

// readHandler reads one entry of a group's hooks (of the event labeled
// label): kind "command", "prompt" or "agent", or "" for an entry Codex
// drops (another type).
func readHandler(raw json.RawMessage, label string) (handler, string, error) {
	var h struct {
		Type    string `json:"type"`
		Command string `json:"command"`
		// Codex 0.169.0 reads "timeout" only; a "timeoutSec" key leaves
		// the default (codex app-server's hooks/list, make e2e).
		Timeout                *float64 `json:"timeout"`
		Async                  bool     `json:"async"`
		StatusMessage          *string  `json:"statusMessage"`
		AdditionalContextLimit *float64 `json:"additionalContextLimit"`
	}
	if err := json.Unmarshal(raw, &h); err != nil {
		return handler{}, "", err
	}
	switch h.Type {
	case "command":
	case "prompt", "agent":
		return handler{}, h.Type, nil
	default:
		return handler{}, "", nil
	}
	// SessionEnd and Interrupt hooks get 1 s by default and 3 s at most
	// (Codex warns "clamping ... hook timeout to 3s"); the others 600 s by
	// default (codex app-server's hooks/list, make e2e).
	deflt, most := uint64(600), uint64(math.MaxUint64)
	if label == "session_end" || label == "interrupt" {
		deflt, most = 1, 3
	}
	out := handler{Command: h.Command, Timeout: deflt, Async: h.Async, StatusMessage: h.StatusMessage}
	if t := h.Timeout; t != nil {
		n, err := whole(*t, "timeout")
		if err != nil {
			return handler{}, "", err
		}
		out.Timeout = min(max(n, 1), most)
	}
	if h.AdditionalContextLimit != nil {
		n, err := whole(*h.AdditionalContextLimit, "additionalContextLimit")
		if err != nil {
			return handler{}, "", err
		}
		out.AdditionalContextLimit = &n
	}
	return out, "command", nil
}

func whole(f float64, key string) (uint64, error) {
	if f < 0 || f != math.Trunc(f) || f > 1<<53 {
		return 0, fmt.Errorf("%s %v is not a whole number of seconds Codex reads", key, f)
	}
	return uint64(f), nil
}

// hash is Codex's command_hook_hash: the identity object, its keys sorted,
// as compact JSON, SHA-256.
func (h handler) hash(label string, matcher *string) string {
	var b bytes.Buffer
	b.WriteString(`{"event_name":`)
	quote(&b, label)
	b.WriteString(`,"hooks":[{`)
	if h.AdditionalContextLimit != nil {
		b.WriteString(`"additionalContextLimit":` + strconv.FormatUint(*h.AdditionalContextLimit, 10) + ",")
	}
	b.WriteString(`"async":` + strconv.FormatBool(h.Async) + `,"command":`)
	quote(&b, h.Command)
	if h.StatusMessage != nil {
		b.WriteString(`,"statusMessage":`)
		quote(&b, *h.StatusMessage)
	}
	b.WriteString(`,"timeout":` + strconv.FormatUint(h.Timeout, 10) + `,"type":"command"}]`)
	if matcher != nil {
		b.WriteString(`,"matcher":`)
		quote(&b, *matcher)
	}
	b.WriteString("}")
	sum := sha256.Sum256(b.Bytes())
	return "sha256:" + hex.EncodeToString(sum[:])
}

// quote writes s as serde_json writes a string: only '"', '\\' and the
// control characters escaped (\b \t \n \f \r, else \u00xx), everything
// else as UTF-8 (no HTML escaping, no \u2028).
func quote(b *bytes.Buffer, s string) {
	b.WriteByte('"')
	for _, r := range strings.ToValidUTF8(s, string(utf8.RuneError)) {
		switch r {
		case '"':
			b.WriteString(`\"`)
		case '\\':
			b.WriteString(`\\`)
		case '\b':
			b.WriteString(`\b`)
		case '\t':
			b.WriteString(`\t`)
		case '\n':
			b.WriteString(`\n`)
		case '\f':
			b.WriteString(`\f`)
		case '\r':
			b.WriteString(`\r`)
		default:
			if r < 0x20 {
				fmt.Fprintf(b, `\u%04x`, r)
			} else {
				b.WriteRune(r)
			}
		}
	}
	b.WriteByte('"')
}

// eventLabel is the snake_case label Codex gives an event of its
// hooks.json in keys and hashes, and whether the event keeps a group's
// matcher (Codex drops it on UserPromptSubmit, Stop and Interrupt); false
// for a key that is no event of Codex 0.169.0.
func eventLabel(name string) (label string, matcherKept, ok bool) {
	switch name {
	case "UserPromptSubmit", "Stop", "Interrupt":
		return snake(name), false, true
	case "SessionStart", "SubagentStart", "PreToolUse", "PermissionRequest", "PostToolUse",
		"PreCompact", "PostCompact", "SessionEnd", "SubagentStop":
		return snake(name), true, true
	}
	return "", false, false
}

// eventRank orders the events as Codex lists them; unknown keys last.
func eventRank(name string) int {
	for i, n := range []string{"PreToolUse", "PermissionRequest", "PostToolUse", "PreCompact", "PostCompact",
		"SessionStart", "SessionEnd", "UserPromptSubmit", "SubagentStart", "SubagentStop", "Stop", "Interrupt"} {
		if n == name {
			return i
		}
	}
	return 99
}

func snake(name string) string {
	var b strings.Builder
	for i, r := range name {
		if r >= 'A' && r <= 'Z' {
			if i > 0 {
				b.WriteByte('_')
			}
			r += 'a' - 'A'
		}
		b.WriteRune(r)
	}
	return b.String()
}
