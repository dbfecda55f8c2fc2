package agents

import (
	"fmt"
	"iter"
	"path/filepath"
	"slices"
	"strings"
	"sync"

	"github.com/hookexec/hookexec/internal/agents/agent"
	"github.com/hookexec/hookexec/internal/agents/antigravity"
	"github.com/hookexec/hookexec/internal/agents/auggie"
	"github.com/hookexec/hookexec/internal/agents/claude"
	"github.com/hookexec/hookexec/internal/agents/cline"
	"github.com/hookexec/hookexec/internal/agents/codebuddy"
	"github.com/hookexec/hookexec/internal/agents/codex"
	"github.com/hookexec/hookexec/internal/agents/copilot"
	"github.com/hookexec/hookexec/internal/agents/cortex"
	"github.com/hookexec/hookexec/internal/agents/crush"
	"github.com/hookexec/hookexec/internal/agents/cursor"
	"github.com/hookexec/hookexec/internal/agents/factory"
	"github.com/hookexec/hookexec/internal/agents/gemini"
	"github.com/hookexec/hookexec/internal/agents/goose"
	"github.com/hookexec/hookexec/internal/agents/iflow"
	"github.com/hookexec/hookexec/internal/agents/kimi"
	"github.com/hookexec/hookexec/internal/agents/kiro"
	"github.com/hookexec/hookexec/internal/agents/llxprt"
	"github.com/hookexec/hookexec/internal/agents/qwen"
	"github.com/hookexec/hookexec/internal/agents/tabnine"
	"github.com/hookexec/hookexec/internal/agents/windsurf"
	"github.com/hookexec/hookexec/internal/reading"
)

// entry is one line of the table: an agent's name and its description.
type entry struct {
	name     string
	describe func() agent.Agent
}

// table lists the agents hookexec knows, in the README's order. Adding an
// agent adds a line here.
func table() []entry {
	return []entry{
		{claude.Name, claude.Agent},
		{gemini.Name, gemini.Agent},
		{llxprt.Name, llxprt.Agent},
		{qwen.Name, qwen.Agent},
		{codex.Name, codex.Agent},
		{copilot.Name, copilot.Agent},
		{cursor.Name, cursor.Agent},
		{windsurf.Name, windsurf.Agent},
		{kiro.Name, kiro.Agent},
		{cline.Name, cline.Agent},
		{factory.Name, factory.Agent},
		{crush.Name, crush.Agent},
		{auggie.Name, auggie.Agent},
		{iflow.Name, iflow.Agent},
		{codebuddy.Name, codebuddy.Agent},
		{cortex.Name, cortex.Agent},
		{tabnine.Name, tabnine.Agent},
		{antigravity.Name, antigravity.Agent},
		{kimi.Name, kimi.Agent},
		{goose.Name, goose.Agent},
	}
}

// descriptions are the table's descriptions, built once (described): a
// fire asks the table dozens of times (formats, dialects, variables, event
// names), and twenty descriptions each time cost more than the rest of its
// start. They are built on the first question, not at start-up (a
// sync.OnceValue at package level would be made by the package's
// initializer, which every command runs). The value never changes after
// it is built.
var descriptions struct {
	once sync.Once
	all  []agent.Agent
	refs []*agent.Agent // &all[i]: the table walked without copying
}

func described() []agent.Agent {
	descriptions.once.Do(func() {
		t := table()
		descriptions.all = make([]agent.Agent, len(t))
		descriptions.refs = make([]*agent.Agent, len(t))
		for i, e := range t {
			descriptions.all[i] = e.describe()
			descriptions.refs[i] = &descriptions.all[i]
		}
	})
	return descriptions.all
}

// refs is the table's descriptions by pointer, for the lookups of this
// package: a description is some 800 bytes, and a fire makes dozens of
// lookups, so copies would show in every fire. They must not be changed.
func refs() []*agent.Agent {
	described()
	return descriptions.refs
}

// All describes the agents hookexec knows, in the README's order. The
// slice is the caller's; the descriptions' own slices are shared and must
// not be changed.
func All() []agent.Agent { return slices.Clone(described()) }

// Each yields the agents of All, in the same order, without copying the
// table: for a caller that only reads them, on every event (All's copy
// was a third of what a served event allocated). The descriptions' own
// slices are shared and must not be changed.
func Each() iter.Seq[agent.Agent] {
	return func(yield func(agent.Agent) bool) {
		for _, a := range refs() {
			if !yield(*a) {
				return
			}
		}
	}
}

// Names lists the agents' names, in table order: install's, uninstall's
// and doctor's arguments, and the agent dialects.
func Names() []string {
	t := table()
	names := make([]string, len(t))
	for i, e := range t {
		names[i] = e.name
	}
	return names
}

// ByName finds an agent by its exact name (also its dialect's name).
func ByName(name string) (agent.Agent, bool) {
	for _, a := range refs() {
		if a.Name == name {
			return *a, true
		}
	}
	return agent.Agent{}, false
}

// ByDialect finds the agent whose dialect d is; false for hookexec's own
// dialect (native), which is no agent's.
func ByDialect(d string) (agent.Agent, bool) { return ByName(d) }

// Parse finds an agent by a name given on the command line
// (case-insensitive, surrounding space ignored).
func Parse(name string) (agent.Agent, error) {
	for _, a := range refs() {
		if strings.EqualFold(a.Name, strings.TrimSpace(name)) {
			return *a, nil
		}
	}
	return agent.Agent{}, fmt.Errorf("unknown agent %q (want %s)", name, OrList(Names()))
}

// Formats lists the agent formats (fire's --format values besides result),
// each once, in table order.
func Formats() []string {
	var out []string
	for _, a := range refs() {
		if !slices.Contains(out, a.Format) {
			out = append(out, a.Format)
		}
	}
	return out
}

// ByFormat finds the agent whose answers the format f is: the one whose
// name the format bears.
func ByFormat(f string) (agent.Agent, bool) {
	a, ok := ByName(f)
	if !ok || a.Format != f {
		return agent.Agent{}, false
	}
	return a, true
}

// ForSettingsDir finds the agent whose settings directory is dir's last
// element (".claude" for /home/dev/app/.claude).
func ForSettingsDir(dir string) (agent.Agent, bool) {
	base := filepath.Base(dir)
	for _, a := range refs() {
		if a.Dir == base {
			return *a, true
		}
	}
	return agent.Agent{}, false
}

// WithPlugins lists the agents whose plugins carry hooks
// (Agent.PluginManifest).
func WithPlugins() []agent.Agent {
	var out []agent.Agent
	for _, a := range refs() {
		if a.PluginManifest != "" {
			out = append(out, *a)
		}
	}
	return out
}

// ReaderOf is how the hooks of dialect d are read: the agent's Reads,
// SPEC §4.6 (reading.Spec) for hookexec's own dialect.
func ReaderOf(d string) agent.Reader {
	if a, ok := ByDialect(d); ok {
		return a.Reads
	}
	return reading.Spec{}
}

// OrList joins names as a message lists choices: "a, b or c".
func OrList(names []string) string {
	if len(names) < 2 {
		return strings.Join(names, "")
	}
	return strings.Join(names[:len(names)-1], ", ") + " or " + names[len(names)-1]
}
