package registry

import (
	"bytes"
	"path/filepath"

	"github.com/hookexec/hookexec/internal/agents"
	"github.com/hookexec/hookexec/internal/agents/agent"
	"github.com/hookexec/hookexec/internal/event"
	"github.com/hookexec/hookexec/internal/jsonpos"
)

// strayPlugin recognises a plugin's hooks file read without its plugin's
// manifest (a plugin copied without .claude-plugin/, or named by --config
// from elsewhere): a file named by --config, whose dialect was detected as
// native, at .../hooks/hooks.json, that refers to an agent's plugin
// directory variable ($CLAUDE_PLUGIN_ROOT) or keys its hooks by the
// agent's own event names (PreToolUse, not BeforeTool). Read as native it
// would run with millisecond timeouts and without the variable, so every
// hook would fail; it is read in that agent's dialect instead, with the
// directory above hooks/ as the plugin directory. why says what gave it
// away; a.Name is "" when the file is not such a file.
func strayPlugin(spec fileSpec, data []byte, root *jsonpos.Value) (a agent.Agent, dir, why string) {
	if !spec.detected || spec.dialect != Native || spec.inline != nil {
		return agent.Agent{}, "", ""
	}
	path := absPath(spec.path)
	if filepath.Base(path) != "hooks.json" || filepath.Base(filepath.Dir(path)) != "hooks" {
		return agent.Agent{}, "", ""
	}
	dir = filepath.Dir(filepath.Dir(path))
	plugins := agents.WithPlugins()
	for _, a := range plugins {
		if a.PluginRootVar != "" && refersTo(data, a.PluginRootVar) {
			return a, dir, "it refers to $" + a.PluginRootVar
		}
	}
	hooks := root.Get("hooks")
	if hooks == nil || hooks.Kind != jsonpos.Object {
		return agent.Agent{}, "", ""
	}
	for _, a := range plugins {
		for _, m := range hooks.Members {
			ev, ok := event.ByKey(m.Key)
			if !ok || m.Key == ev.Name {
				continue // hookexec's own name of the event
			}
			if k, ok := a.EventKey(ev); ok && k == m.Key {
				return a, dir, "it uses " + a.Title + "'s event name " + m.Key
			}
		}
	}
	return agent.Agent{}, "", ""
}

// refersTo reports whether data holds a reference to the variable name:
// $NAME (not followed by a letter, digit or _) or ${NAME}.
func refersTo(data []byte, name string) bool {
	if bytes.Contains(data, []byte("${"+name+"}")) {
		return true
	}
	ref := []byte("$" + name)
	for rest := data; ; {
		i := bytes.Index(rest, ref)
		if i < 0 {
			return false
		}
		rest = rest[i+len(ref):]
		if len(rest) == 0 || !isNameByte(rest[0]) {
			return true
		}
	}
}

func isNameByte(c byte) bool {
	return c == '_' || c >= '0' && c <= '9' || c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z'
}
