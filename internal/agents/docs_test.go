package agents

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/hookexec/hookexec/internal/agents/agent"
	"github.com/hookexec/hookexec/internal/event"
)

// policiesDoc is the page that shows every agent's tools by family and its
// event names side by side.
const policiesDoc = "../../docs/policies.md"

// TestPoliciesDocTables: the tables of docs/policies.md are the agent
// table's (All): a new agent, tool or event name changes them; the fields
// table is each agent's shell sample's (docs_fields_test.go). With
// HOOKEXEC_UPDATE_DOCS=1 the test writes them instead.
func TestPoliciesDocTables(t *testing.T) {
	t.Parallel()
	data, err := os.ReadFile(policiesDoc)
	require.NoError(t, err)
	doc := string(data)
	want := replaceSection(t, doc, "families", familyTable())
	want = replaceSection(t, want, "events", eventTable())
	want = replaceSection(t, want, "fields", fieldTable(t))
	if want != doc && os.Getenv("HOOKEXEC_UPDATE_DOCS") == "1" {
		require.NoError(t, os.WriteFile(filepath.Clean(policiesDoc), []byte(want), 0o644))
		return
	}
	require.Equal(t, want, doc, "docs/policies.md disagrees with the agent table; run HOOKEXEC_UPDATE_DOCS=1 go test -run TestPoliciesDocTables ./internal/agents")
}

// replaceSection puts body between "<!-- NAME -->" and "<!-- /NAME -->".
func replaceSection(t *testing.T, doc, name, body string) string {
	t.Helper()
	start, end := "<!-- "+name+" -->\n", "<!-- /"+name+" -->"
	i := strings.Index(doc, start)
	j := strings.Index(doc, end)
	require.True(t, i >= 0 && j > i, "docs/policies.md has no %s section", name)
	return doc[:i+len(start)] + body + doc[j:]
}

// familyTable: a row per family, a column per agent, its tools' names.
func familyTable() string {
	all := All()
	var b strings.Builder
	b.WriteString("| family |")
	for _, a := range all {
		b.WriteString(" " + a.Title + " |")
	}
	b.WriteString("\n|---|" + strings.Repeat("---|", len(all)) + "\n")
	for _, f := range agent.Families() {
		b.WriteString("| `@" + string(f) + "` |")
		for _, a := range all {
			names := a.Tools.Of(f)
			if f == agent.FamilyMCP && a.MCPPrefix != "" {
				names = append(names, a.MCPPrefix+"*")
			}
			b.WriteString(" " + cell(names) + " |")
		}
		b.WriteString("\n")
	}
	return b.String()
}

// eventTable: a row per catalogue event some agent names, a column per
// agent, its names for it (an alias limited to a family says which).
func eventTable() string {
	all := All()
	var b strings.Builder
	b.WriteString("| canonical event |")
	for _, a := range all {
		b.WriteString(" " + a.Title + " |")
	}
	b.WriteString("\n|---|" + strings.Repeat("---|", len(all)) + "\n")
	for _, ev := range event.All() {
		row := make([]string, len(all))
		named := false
		for i, a := range all {
			var names []string
			if k, ok := a.EventKey(ev); ok && k != "" {
				names = append(names, k)
			}
			for _, al := range a.Aliases {
				if al.Event == ev.Name {
					n := al.Key
					if al.Family != "" {
						n += " (@" + string(al.Family) + ")"
					}
					names = append(names, n)
				}
			}
			named = named || len(names) > 0
			row[i] = cell(names)
		}
		if !named {
			continue
		}
		b.WriteString("| " + ev.Name + " | " + strings.Join(row, " | ") + " |\n")
	}
	return b.String()
}

func cell(names []string) string {
	if len(names) == 0 {
		return "—"
	}
	return "`" + strings.Join(names, "`, `") + "`"
}
