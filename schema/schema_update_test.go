package schema

import (
	"fmt"
	"os"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/hookexec/hookexec/internal/agents"
)

// TestUpdateSchemaEventNames adds to hooks.schema.json the event names of
// the agent table that it lacks, each described as the alias it is, when
// HOOKEXEC_UPDATE_SCHEMA=1 (after an agent is added to the table);
// TestSchemaEventsAreTheCatalogue checks that none is missing.
func TestUpdateSchemaEventNames(t *testing.T) {
	if os.Getenv("HOOKEXEC_UPDATE_SCHEMA") != "1" {
		t.Skip("set HOOKEXEC_UPDATE_SCHEMA=1 to add the table's missing event names to hooks.schema.json")
	}
	data, err := os.ReadFile("hooks.schema.json")
	require.NoError(t, err)
	text := string(data)
	defs := strings.Index(text, "\n  \"definitions\": {")
	require.GreaterOrEqual(t, defs, 0, "no definitions")
	start := strings.Index(text[defs:], "\n    \"hooks\": {")
	require.GreaterOrEqual(t, start, 0, "no hooks definition")
	start += defs
	props := strings.Index(text[start:], `"properties": {`)
	require.GreaterOrEqual(t, props, 0, "no properties in the hooks definition")
	open := start + props + len(`"properties": `)
	end := closingBrace(text, open)
	require.Greater(t, end, open, "the hooks properties are not closed")
	var add strings.Builder
	for _, n := range agents.EventNames() {
		if strings.Contains(text[open:end], fmt.Sprintf("%q: {", n.Key)) {
			continue
		}
		fmt.Fprintf(&add, ",\n        %q: {\n          \"$ref\": \"#/definitions/definitions\",\n          \"description\": %q\n        }", n.Key, aliasDescription(n))
	}
	if add.Len() == 0 {
		return
	}
	last := strings.TrimRight(text[:end], " \n")
	text = last + add.String() + "\n      " + text[end:]
	require.NoError(t, os.WriteFile("hooks.schema.json", []byte(text), 0o644))
}

// aliasDescription says whose name an event key is and what it stands for.
func aliasDescription(n agents.EventName) string {
	titles := make([]string, 0, len(n.Agents))
	for _, name := range n.Agents {
		if a, ok := agents.ByName(name); ok {
			titles = append(titles, a.Title)
		}
	}
	d := fmt.Sprintf("%s's name for %s", agents.OrList(titles), n.Event.Name)
	if n.Family != "" {
		d += fmt.Sprintf(", for its %s tools only", n.Family)
	}
	return d + "."
}

// closingBrace is the index of the brace that closes the object opened at
// text[open] (strings skipped).
func closingBrace(text string, open int) int {
	depth, inString := 0, false
	for i := open; i < len(text); i++ {
		c := text[i]
		switch {
		case inString && c == '\\':
			i++
		case c == '"':
			inString = !inString
		case inString:
		case c == '{':
			depth++
		case c == '}':
			depth--
			if depth == 0 {
				return i
			}
		}
	}
	return -1
}
