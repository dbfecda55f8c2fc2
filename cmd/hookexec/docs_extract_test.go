package main

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestCodeLines: what TestDocsCommandsAreTested counts as a code block.
func TestCodeLines(t *testing.T) {
	t.Parallel()
	doc := "Text\n" + // 1
		"\n" + // 2
		"    hookexec init\n" + // 3: indented block
		"    hookexec fire X \\\n" + // 4: continued
		"        --format claude\n" + // 5
		"\n" + // 6
		"- a list item\n" + // 7
		"\n" + // 8
		"    hookexec not-code\n" + // 9: the item's continuation
		"\n" + // 10
		"  ```sh\n" + // 11: a fence inside the item
		"  hookexec fenced\n" + // 12
		"  ```\n" + // 13
		"A paragraph\n" + // 14
		"    hookexec lazy\n" + // 15: continues the paragraph
		"\n" + // 16
		"~~~~\n" + // 17
		"```\n" + // 18: not the fence's end
		"~~~~\n" + // 19
		"\n" + // 20
		"    $ echo '{}' |\n" + // 21: a prompt, continued
		"        hookexec fire Y\n" + // 22
		"    hookexec 1.0 (an output line)\n" + // 23
		"Text\n" + // 24
		"<!-- marker -->\n" + // 25: an HTML block, ended on its line
		"    hookexec after-comment\n" + // 26: an indented block after it
		"<!-- /marker -->\n" // 27
	got := codeLines(doc)
	assert.Equal(t, []codeLine{
		{Line: 3, Text: "hookexec init", Block: 1},
		{Line: 4, Text: "hookexec fire X  --format claude", Block: 1},
		{Line: 12, Text: "hookexec fenced", Block: 2},
		{Line: 18, Text: "```", Block: 3},
		{Line: 21, Text: "$ echo '{}' | hookexec fire Y", Block: 4},
		{Line: 23, Text: "hookexec 1.0 (an output line)", Block: 4},
		{Line: 26, Text: "hookexec after-comment", Block: 5},
	}, got)
	assert.Equal(t, []codeLine{
		{Line: 3, Text: "hookexec init", Block: 1},
		{Line: 4, Text: "hookexec fire X  --format claude", Block: 1},
		{Line: 12, Text: "hookexec fenced", Block: 2},
		{Line: 18, Text: "```", Block: 3},
		{Line: 21, Text: "$ echo '{}' | hookexec fire Y", Block: 4},
		{Line: 26, Text: "hookexec after-comment", Block: 5},
	}, commandLines(got))
}

// TestDocCommandMatching: the reading of a doc's line and of a script's,
// and when they match.
func TestDocCommandMatching(t *testing.T) {
	t.Parallel()
	re := runsHookexecRE()
	for _, tc := range []struct {
		doc, script string
		want        bool
	}{
		{"hookexec fire PreToolUse --format claude", "exec hookexec fire PreToolUse --format claude", true},
		{"$ hookexec fire  PreToolUse   # a comment", "! exec hookexec fire PreToolUse", true},
		{"echo '{}' | bin/hookexec plan X --config c.json", "exec hookexec plan X --config c.json # note", true},
		{"make build && ./bin/hookexec validate", "[!windows] exec hookexec validate", true},
		{"hookexec fire X < event.json", "exec hookexec fire X &", true},
		{`hookexec test --run 'a|b' "my dir"`, `exec hookexec test --run 'a|b' 'my dir'`, true},
		{`hookexec test --run 'it''s'`, `exec hookexec test --run 'it''s'`, false},
		{"hookexec trust --list", "exec hookexec trust --list --json", false},
		{"hookexec fire X --log-file ~/h.log", "exec hookexec fire X --log-file $WORK/h.log", true},
		{`hookexec untrust "$HOME/p"`, "exec hookexec untrust proj", true},
		{"hookexec untrust /home/me/p", "exec hookexec untrust $WORK/p", true},
		{"hookexec untrust /home/me/p", "exec hookexec untrust p", false},
		{"hookexec test ex/*/tests", "exec hookexec test ex/a/tests ex/b/tests", true},
		{"hookexec test ex/*/tests", "exec hookexec test ex/a/tests other", false},
		{"hookexec test 'ex/*/tests'", "exec hookexec test ex/a/tests", false},
		{"hookexec why <ID>", "exec hookexec why 1", false},
		{"hookexec fire X", "exec sh -c 'hookexec fire X'", false},
		{"hookexec fire X", "exec hookexecx fire X", false},
	} {
		cmds := docCommands(tc.doc, re)
		require.Len(t, cmds, 1, tc.doc)
		script, ok := scriptCommand(tc.script)
		got := ok && cmds[0].matches(script)
		assert.Equal(t, tc.want, got, "%s vs %s", tc.doc, tc.script)
	}
	assert.Empty(t, docCommands("hookexec: an error message", re))
	assert.Empty(t, docCommands(`"command": "hookexec fire X"`, re))
	assert.Empty(t, docCommands("and hookexec runs it", re))
}
