package agents

import (
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"sort"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"github.com/hookexec/hookexec/internal/agents/agent"
	"github.com/hookexec/hookexec/internal/agents/agenttest"
	"github.com/hookexec/hookexec/internal/event"
)

// The keys Claude Code's payload reader (agent.ClaudePayload) takes the
// view's paths and content from, as the fields table names them;
// TestClaudeViewKeys holds the reader to them.
var (
	claudePathKeys    = []string{"file_path", "path", "notebook_path", "paths"}
	claudeContentKeys = []string{"content", "new_string", "patch", "input"}
)

// Keys a sample holds its session id and working directory under, by the
// last key of their path, lower case without "_": a sample key of another
// name is not shown.
var (
	sessionKeyNames = []string{"sessionid", "conversationid", "trajectoryid", "rootsessionid"}
	cwdKeyNames     = []string{"cwd", "workingdir", "workspaceroots", "workspacepaths", "rootpath"}
)

// fieldTable: a row per agent, where its shell tool's payload (its
// testdata/shell.json) holds the tool's name, the command, the session id
// and the working directory, next to what a native policy reads instead.
func fieldTable(t *testing.T) string {
	t.Helper()
	var b strings.Builder
	b.WriteString("| agent | sample | shell tool → `hookexec.tool` | command → `hookexec.command` | " +
		"write/edit paths, content → `hookexec.paths`, `hookexec.content` | session id → `$HOOKEXEC_SESSION_ID` | " +
		"working directory → `$HOOKEXEC_CWD` |\n|---|---|---|---|---|---|---|\n")
	for _, a := range All() {
		s, doc, v := readSample(t, a)
		tool := "`" + v.Tool + "` at " + pathsCell(valuePaths(doc, v.Tool))
		if len(valuePaths(doc, v.Tool)) == 0 {
			tool = "`" + v.Tool + "` (the event `" + s.Event + "` names it)"
		}
		cmd := pathsCell(valuePaths(doc, agenttest.SampleCommand))
		fmt.Fprintf(&b, "| %s | %s | %s | %s | %s | %s | %s |\n", a.Title, sampleKind(t, a, s.Source), tool, cmd,
			writeCell(t, a, s), envCell(keyPaths(doc, sessionKeyNames), "session_id", a.SessionVar, doc),
			envCell(keyPaths(doc, cwdKeyNames), "cwd", a.CwdVar, doc))
	}
	b.WriteString("\nClaude Code's keys: the paths at " + codeList(prefixed("tool_input.", claudePathKeys)) +
		" (each element of `paths`), the content at the first of " + codeList(prefixed("tool_input.", claudeContentKeys)) + ".\n")
	return b.String()
}

func prefixed(prefix string, keys []string) []string {
	out := make([]string, len(keys))
	for i, k := range keys {
		out[i] = prefix + k
	}
	return out
}

// readSample reads a's testdata/shell.json: the sample, its input decoded
// and the view a's reader makes of it.
func readSample(t *testing.T, a agent.Agent) (agenttest.Sample, any, agent.View) {
	t.Helper()
	data, err := os.ReadFile(filepath.Join(a.Name, "testdata", "shell.json"))
	require.NoError(t, err, "%s has no shell sample", a.Title)
	var s agenttest.Sample
	require.NoError(t, json.Unmarshal(data, &s))
	var doc any
	require.NoError(t, json.Unmarshal(s.Input, &doc))
	in, err := event.ParseInput(s.Input, time.Unix(0, 0), "/")
	require.NoError(t, err)
	n, err := LookupEvent(s.Event)
	require.NoError(t, err)
	return s, doc, NewCallFor(a, n, in).View()
}

// sampleKind says where a sample comes from, as its "source" says: an
// end-to-end capture (make e2e), another capture of a real run, the
// agent's documentation, its source code, or another tool's source.
func sampleKind(t *testing.T, a agent.Agent, source string) string {
	t.Helper()
	s := strings.ToLower(source)
	var kinds []string
	switch {
	case strings.Contains(s, "make e2e"):
		kinds = append(kinds, "e2e capture")
	case strings.Contains(s, "not captured"):
	case strings.Contains(s, "captur") || strings.Contains(s, "a real run"):
		kinds = append(kinds, "capture of a manual run")
	}
	if strings.Contains(s, "documentation") {
		kinds = append(kinds, "documentation")
	}
	switch {
	case strings.Contains(s, " source ") || strings.Contains(s, "source only"):
		kinds = append(kinds, "source code")
	case strings.Contains(s, "src/"):
		kinds = append(kinds, "another tool's source")
	}
	require.NotEmpty(t, kinds, "%s's shell.json: its source says neither capture, documentation nor source: %q", a.Title, source)
	return strings.Join(kinds, ", ")
}

// writeCell: Claude Code's keys for an agent whose reader reads them (as
// Claude Code's payload, or its own reader on top of it: readsClaudeKeys);
// for one with a reader of its own keys, its page.
func writeCell(t *testing.T, a agent.Agent, s agenttest.Sample) string {
	t.Helper()
	const claude = "Claude Code's keys (below)"
	switch {
	case a.Payload == nil:
		return claude
	case readsClaudeKeys(t, a, s):
		return claude + ", and keys of its own"
	}
	page := filepath.Join("..", "..", "docs", "agents", a.Name+".md")
	if _, err := os.Stat(page); err == nil {
		return "its own keys: [agents/" + a.Name + ".md](agents/" + a.Name + ".md)"
	}
	return "its own keys"
}

// readsClaudeKeys: a's reader, given its sample's event with a write tool
// of a's whose tool_input holds Claude Code's keys, reads the paths and
// the content from them as agent.ClaudePayload does.
func readsClaudeKeys(t *testing.T, a agent.Agent, s agenttest.Sample) bool {
	t.Helper()
	tools := a.Tools.Of(agent.FamilyWrite)
	if len(tools) == 0 {
		return false
	}
	ti := map[string]any{}
	var want []string
	for _, k := range claudePathKeys {
		ti[k] = "P-" + k
		if k == "paths" {
			ti[k] = []any{"P-" + k}
		}
		want = append(want, "P-"+k)
	}
	ti[claudeContentKeys[0]] = "C"
	data, err := json.Marshal(map[string]any{"tool_name": tools[0], "tool_input": ti})
	require.NoError(t, err)
	in, err := event.ParseInput(data, time.Unix(0, 0), "/")
	require.NoError(t, err)
	n, err := LookupEvent(s.Event)
	require.NoError(t, err)
	v := NewCallFor(a, n, in).View()
	return slices.Equal(v.Paths, want) && v.Content == "C"
}

// envCell: where the sample holds the value, and whether hookexec's
// variable has it: hookexec reads the top-level key only (without it the
// variable is empty, for cwd hookexec's working directory); and the
// agent's own variable, if it sets one.
func envCell(paths []string, key, agentVar string, doc any) string {
	cell := "— (not in the sample)"
	if len(paths) > 0 {
		cell = pathsCell(paths)
	}
	m, _ := doc.(map[string]any)
	switch val, ok := m[key].(string); {
	case ok && val == "":
		cell += "; `" + key + "` is empty in the sample, and so is the variable"
	case !ok && key == "cwd":
		cell += "; the variable: hookexec's working directory"
	case !ok:
		cell += "; the variable: empty"
	}
	if agentVar != "" {
		cell += "; also `$" + agentVar + "`"
	}
	return cell
}

// valuePaths are the dotted paths of doc's strings equal to want (array
// elements as NAME[]).
func valuePaths(doc any, want string) []string {
	var out []string
	walk(doc, "", func(path string, v any) {
		if s, ok := v.(string); ok && s == want {
			out = append(out, path)
		}
	})
	sort.Strings(out)
	return out
}

// keyPaths are the dotted paths of doc's values whose last key is one of
// names (lower case, "_" dropped).
func keyPaths(doc any, names []string) []string {
	var out []string
	walk(doc, "", func(path string, v any) {
		if v == nil || v == "" || strings.HasSuffix(path, "[]") {
			return
		}
		last := path[strings.LastIndex(path, ".")+1:]
		if slices.Contains(names, strings.ToLower(strings.ReplaceAll(last, "_", ""))) {
			out = append(out, path)
		}
	})
	sort.Strings(out)
	return out
}

func walk(v any, path string, visit func(string, any)) {
	if path != "" {
		visit(path, v)
	}
	switch x := v.(type) {
	case map[string]any:
		for k, e := range x {
			p := k
			if path != "" {
				p = path + "." + k
			}
			walk(e, p, visit)
		}
	case []any:
		for _, e := range x {
			walk(e, path+"[]", visit)
		}
	}
}

func pathsCell(paths []string) string {
	if len(paths) == 0 {
		return "—"
	}
	return codeList(paths)
}

func codeList(names []string) string { return "`" + strings.Join(names, "`, `") + "`" }

// TestClaudeViewKeys: agent.ClaudePayload reads the paths and the content
// from the keys the fields table names, in that order.
func TestClaudeViewKeys(t *testing.T) {
	t.Parallel()
	ti := map[string]any{}
	var wantPaths []string
	for _, k := range claudePathKeys {
		if k == "paths" {
			ti[k] = []any{"P-" + k}
		} else {
			ti[k] = "P-" + k
		}
		wantPaths = append(wantPaths, "P-"+k)
	}
	for _, k := range claudeContentKeys {
		one := map[string]any{"tool_input": map[string]any{k: "C-" + k}}
		data, err := json.Marshal(one)
		require.NoError(t, err)
		in, err := event.ParseInput(data, time.Unix(0, 0), "/")
		require.NoError(t, err)
		require.Equal(t, "C-"+k, agent.ClaudePayload("", in).Content, "content from tool_input.%s", k)
	}
	data, err := json.Marshal(map[string]any{"tool_input": ti})
	require.NoError(t, err)
	in, err := event.ParseInput(data, time.Unix(0, 0), "/")
	require.NoError(t, err)
	require.Equal(t, wantPaths, agent.ClaudePayload("", in).Paths)
}
