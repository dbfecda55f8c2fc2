package registry

import (
	"strings"

	"github.com/hookexec/hookexec/internal/agents"
	"github.com/hookexec/hookexec/internal/agents/agent"
	"github.com/hookexec/hookexec/internal/event"
	"github.com/hookexec/hookexec/internal/jsonpos"
	"github.com/hookexec/hookexec/internal/matcher"
	"github.com/hookexec/hookexec/internal/spelling"
)

// toolNames warns about each alternative of a native tool matcher that is
// a literal tool name (no glob character, no "@") that no agent of the
// table has and that is no MCP tool's name: most likely a typo, or
// another agent's spelling, so the guard never runs. It suggests the
// closest tool name, else a family.
func (l *linter) toolNames(d *fileDecoder, where string, ev event.Event, mv *jsonpos.Value, m Matcher) {
	if d.spec.dialect != Native || ev.MatchField != ToolField || (m.Kind() != matcher.KindGlob && m.Kind() != matcher.KindFamily) {
		return
	}
	for _, alt := range strings.Split(mv.Str, "|") {
		alt = strings.TrimSpace(alt)
		if alt == "" || strings.HasPrefix(alt, "@") || strings.ContainsAny(alt, `*?[]{}\`) || agents.KnownTool(alt) {
			continue
		}
		l.warn(d, mv.Off, "%s: matcher %q: no agent hookexec knows has a tool named %q, so this alternative matches nothing%s", where, mv.Str, alt, toolSuggestion(alt))
	}
}

// toolSuggestion is " (did you mean ...?)" for an unknown tool name: the
// family it names, else the closest tool name of any agent, else the
// families. A family's name comes first: "shell" is closer to Qwen Code's
// "skill" than to any shell tool, but means @shell.
func toolSuggestion(name string) string {
	if f, ok := agent.ParseFamily(strings.ToLower(name)); ok {
		return ` (did you mean the family "@` + string(f) + `"?)`
	}
	names := agents.ToolNames()
	lower := make([]string, len(names))
	for i, n := range names {
		lower[i] = strings.ToLower(n)
	}
	if s := spelling.Closest(strings.ToLower(name), lower, max(2, len(name)/3)); s != "" {
		for i, l := range lower {
			if l == s {
				return ` (did you mean "` + names[i] + `", or a family such as "@` + string(agents.Classify("", names[i]).Family) + `"?)`
			}
		}
	}
	fams := make([]string, 0, len(agent.Families()))
	for _, f := range agent.Families() {
		fams = append(fams, "@"+string(f))
	}
	return "; name a tool of an agent, or a family: " + strings.Join(fams, ", ")
}
