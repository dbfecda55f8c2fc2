package setup

import (
	"bytes"
	"encoding/json"

	agentdesc "github.com/hookexec/hookexec/internal/agents/agent"
)

// shape is where a settings file of an agent's layout keeps its hooks and
// how one entry is spelt: Claude Code's nested definitions under "hooks"
// (LayoutNested), one flat entry per hook under "hooks" with the agent's
// keys (LayoutFlat), or nested definitions in hookexec's own named
// definition (LayoutNamed). LayoutScripts and LayoutTOML are no JSON
// settings file (install_scripts.go, install_toml.go).
type shape struct {
	layout agentdesc.Layout
	flat   agentdesc.Flat
	// root is the top-level key that holds the event keys: "hooks", or
	// the named definition's name.
	root string
}

// namedDefinition is the name of hookexec's definition in a LayoutNamed
// file; enabledKey its switch.
const (
	namedDefinition = "hookexec"
	enabledKey      = "enabled"
)

func shapeOf(ag Agent) shape {
	s := shape{layout: ag.Layout, flat: ag.Flat, root: "hooks"}
	if s.layout == agentdesc.LayoutNamed {
		s.root = namedDefinition
	}
	return s
}

// flatEntries: new entries are flat (one object per hook).
func (s shape) flatEntries() bool { return s.layout == agentdesc.LayoutFlat }

// commandKey and timeoutKey are the keys of a hook's command and timeout
// in g: the agent's flat keys for a flat entry, Claude Code's in a
// definition.
func (s shape) commandKey(g *group) string {
	if g.flat && s.flat.Command != "" {
		return s.flat.Command
	}
	return "command"
}

func (s shape) timeoutKey(g *group) string {
	if g.flat && s.flat.Timeout != "" {
		return s.flat.Timeout
	}
	return "timeout"
}

// matcherKey is the key of g's matcher ("" when a flat entry has none).
func (s shape) matcherKey(g *group) string {
	if g.flat {
		return s.flat.Matcher
	}
	return "matcher"
}

// eventKeyOf reports whether a member of the root object is an event key
// (a named definition's "enabled" is its switch).
func (s shape) eventKeyOf(key string) bool {
	return s.layout != agentdesc.LayoutNamed || key != enabledKey
}

// hookPtr is the pointer of e's hook object; groupPtr of its definition
// (for a flat entry, the entry itself).
func (s shape) hookPtr(e hookEntry) string {
	if e.Group.flat {
		return pointer(s.root, e.Key, e.groupIdx)
	}
	return pointer(s.root, e.Key, e.groupIdx, "hooks", e.hookIndex)
}

// ordered is a JSON object whose members keep the order they are given
// in (a map's would be sorted).
type ordered []kv

type kv struct {
	key string
	val any
}

// MarshalJSON writes the members in order.
func (o ordered) MarshalJSON() ([]byte, error) {
	var b bytes.Buffer
	enc := json.NewEncoder(&b)
	enc.SetEscapeHTML(false)
	out := []byte{'{'}
	for i, m := range o {
		if i > 0 {
			out = append(out, ',')
		}
		out = append(out, quote(m.key)...)
		out = append(out, ':')
		b.Reset()
		if err := enc.Encode(m.val); err != nil {
			return nil, err
		}
		out = append(out, bytes.TrimRight(b.Bytes(), "\n")...)
	}
	return append(out, '}'), nil
}
