package permrule

import (
	"errors"
	"fmt"
	"net/url"
	"strings"

	"github.com/gobwas/glob"

	"github.com/hookexec/hookexec/internal/agents"
)

// kind is how a rule's specifier is read.
type kind int

const (
	kindAll     kind = iota // no specifier, "" or "*": every call of the tool
	kindShell               // Bash(cmd pattern): the input's command
	kindPwsh                // PowerShell(cmd pattern)
	kindPath                // Read/Edit/Write/...(path pattern)
	kindDomain              // WebFetch(domain:host)
	kindAgent               // Agent/Task(subagent type)
	kindUnknown             // a specifier hookexec does not interpret
)

// Rule is one parsed permission rule.
type Rule struct {
	raw  string
	tool string // the tool part as written
	// toolGlob matches tool names when the tool part has a star or is an
	// MCP server ("mcp__server" means every tool of that server).
	toolGlob *glob.Pattern
	spec     string
	kind     kind
	shell    []pattern
	path     pathRule
}

// Parse reads one rule: Tool or Tool(specifier), "\(" and "\)" being
// literal parentheses in the specifier. Surrounding spaces are ignored.
func Parse(s string) (*Rule, error) {
	raw := strings.TrimSpace(s)
	if raw == "" {
		return nil, errors.New("empty rule; write a tool name, e.g. \"Bash\" or \"Bash(git push *)\"")
	}
	r := &Rule{raw: raw}
	open := unescapedIndex(raw, '(')
	r.tool = raw
	if open >= 0 {
		if !strings.HasSuffix(raw, ")") || strings.HasSuffix(raw, `\)`) {
			return nil, fmt.Errorf("%q: the specifier must end with \")\", e.g. \"Bash(git push *)\"", raw)
		}
		r.tool = raw[:open]
		inner := raw[open+1 : len(raw)-1]
		if i := unescapedIndex(inner, ')'); i >= 0 {
			return nil, fmt.Errorf("%q: text after \")\"; a rule has one specifier (escape a literal parenthesis as \\))", raw)
		}
		r.spec = strings.NewReplacer(`\(`, "(", `\)`, ")").Replace(inner)
	} else if unescapedIndex(raw, ')') >= 0 {
		return nil, fmt.Errorf("%q: \")\" without \"(\"", raw)
	}
	if err := checkToolName(r.tool); err != nil {
		return nil, fmt.Errorf("%q: %w", raw, err)
	}
	if strings.Contains(r.tool, "*") || isMCPServer(r.tool) {
		pat := r.tool
		if isMCPServer(pat) {
			pat += "__*"
		}
		g, err := glob.Compile(pat)
		if err != nil {
			return nil, fmt.Errorf("%q: tool name: %w", raw, err)
		}
		r.toolGlob = g
	}
	return r, r.compileSpec()
}

func checkToolName(name string) error {
	if name == "" {
		return errors.New("missing the tool name before \"(\"")
	}
	for _, c := range name {
		if !(c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' || c == '_' || c == '-' || c == '*' || c == '.' || c == ':') {
			return fmt.Errorf("tool name %q has %q; tool names are letters, digits, _ and -", name, c)
		}
	}
	return nil
}

// isMCPServer: "mcp__server" (no tool part) names every tool of the server.
func isMCPServer(tool string) bool {
	rest, ok := strings.CutPrefix(tool, "mcp__")
	return ok && rest != "" && !strings.Contains(rest, "__")
}

func unescapedIndex(s string, c byte) int {
	for i := 0; i < len(s); i++ {
		switch s[i] {
		case '\\':
			i++
		case c:
			return i
		}
	}
	return -1
}

// The agents' shell tools (agents.ShellTools) read their specifier as a
// command pattern, their file tools (agents.FileTools) as a path pattern.
// Gemini CLI's shell tool is there so that a gemini-dialect "if" can name
// it.

func (r *Rule) compileSpec() error {
	spec := r.spec
	switch {
	case spec == "" || spec == "*":
		r.kind = kindAll
	case r.toolGlob != nil:
		r.kind = kindUnknown
	case r.tool == "PowerShell":
		// Before the agents' shell tools, some of which are named
		// PowerShell too: Claude Code compares its rules' words without
		// case.
		r.kind, r.shell = kindPwsh, shellPatterns(strings.ToLower(spec))
	case contains(agents.ShellTools(), r.tool):
		r.kind, r.shell = kindShell, shellPatterns(spec)
	case contains(agents.FileTools(), r.tool):
		r.kind, r.path = kindPath, parsePathRule(spec)
		if _, err := compilePathGlob(r.path.rel); err != nil {
			return fmt.Errorf("%q: path pattern: %w", r.raw, err)
		}
	case r.tool == "WebFetch" && strings.HasPrefix(spec, "domain:"):
		r.kind = kindDomain
		if strings.TrimPrefix(spec, "domain:") == "" {
			return fmt.Errorf("%q: empty domain", r.raw)
		}
	case r.tool == "Agent" || r.tool == "Task":
		r.kind = kindAgent
	default:
		r.kind = kindUnknown
	}
	return nil
}

func contains(list []string, s string) bool {
	for _, x := range list {
		if x == s {
			return true
		}
	}
	return false
}

// Advice says what is probably wrong with a rule that parses, for
// validate: "" when nothing is.
func (r *Rule) Advice() string {
	if (r.kind == kindShell || r.kind == kindPwsh) && strings.ContainsAny(r.spec, `"'`) {
		return fmt.Sprintf("%q has a quote: commands are matched after quote removal (\"rm\" is rm), so this rule never matches a quoted word; write the words without quotes", r.raw)
	}
	return ""
}

// Tools returns the tool names the rule can match; ok is false when they
// are a pattern (an MCP server, a star) rather than a list.
func (r *Rule) Tools() (names []string, ok bool) {
	if r.toolGlob != nil {
		return nil, false
	}
	if fam, isFam := toolFamilies(r.tool); isFam {
		return append([]string(nil), fam...), true
	}
	return []string{r.tool}, true
}

// String returns the rule as written (trimmed).
func (r *Rule) String() string { return r.raw }

// Note says how the rule is applied when that is not what its text
// suggests: "" for a rule hookexec interprets fully.
func (r *Rule) Note() string {
	if r.kind == kindUnknown {
		return fmt.Sprintf("hookexec does not interpret the specifier of %q; the rule matches every call of %s", r.raw, r.tool)
	}
	return ""
}

// Call is the tool call a rule is tested against. Build it with NewCall to
// have the command parsed once for all the rules tested against it; a Call
// literal works too, parsing for each rule.
type Call struct {
	Tool  string
	Input map[string]any
	Places
	split *splitMemo
}

// splitMemo holds a command's subcommands once parsed.
type splitMemo struct {
	done    bool
	command string
	cmds    []subcommand
	unknown string
}

// NewCall returns a Call that remembers how its command splits. Such a
// Call is for one goroutine at a time.
func NewCall(tool string, input map[string]any, pl Places) Call {
	return Call{Tool: tool, Input: input, Places: pl, split: &splitMemo{}}
}

// splitCommand is splitShell, memoized in the call.
func (c Call) splitCommand(command string) ([]subcommand, string) {
	m := c.split
	if m == nil {
		return splitShell(command)
	}
	if !m.done || m.command != command {
		m.cmds, m.unknown = splitShell(command)
		m.done, m.command = true, command
	}
	return m.cmds, m.unknown
}

// Match tests the rule against a call. why says what decided, for plan:
// the subcommand or path that matched, or why nothing did. Whatever the
// rule cannot decide (a command that does not parse, a word known only at
// run time, a missing field) counts as a match.
func (r *Rule) Match(c Call) (matched bool, why string) {
	if !r.matchTool(c.Tool) {
		return false, fmt.Sprintf("tool %q is not %s", c.Tool, r.toolText())
	}
	switch r.kind {
	case kindAll:
		return true, "every call of " + r.toolText() + " matches"
	case kindUnknown:
		return true, r.Note()
	case kindShell, kindPwsh:
		return r.matchCommand(c)
	case kindPath:
		return r.matchPath(c)
	case kindDomain:
		return r.matchDomain(c)
	case kindAgent:
		t, ok := c.Input["subagent_type"].(string)
		if !ok {
			return true, "the input has no string subagent_type; counted as a match"
		}
		if matchAny([]pattern{compileWildcard(r.spec)}, literal(t)) {
			return true, fmt.Sprintf("subagent type %q matches", t)
		}
		return false, fmt.Sprintf("subagent type %q is not %q", t, r.spec)
	}
	return true, ""
}

func (r *Rule) toolText() string {
	if r.toolGlob != nil && isMCPServer(r.tool) {
		return r.tool + "__*"
	}
	if fam, ok := toolFamilies(r.tool); ok {
		return r.tool + " (" + strings.Join(fam, ", ") + ")"
	}
	return r.tool
}

// toolFamilies: as in Claude Code's permissions, an Edit rule covers every
// built-in tool that edits files, and a Read rule the tools that read
// them (Grep and Glob through their "path").
func toolFamilies(tool string) ([]string, bool) {
	switch tool {
	case "Edit":
		return []string{"Edit", "Write", "MultiEdit", "NotebookEdit"}, true
	case "Read":
		return []string{"Read", "Grep", "Glob"}, true
	}
	return nil, false
}

// matchTool: names are exact, except for the families above, and a star
// or an MCP server name, which match a set of tools.
func (r *Rule) matchTool(tool string) bool {
	if r.toolGlob != nil {
		return r.toolGlob.Match(tool)
	}
	if fam, ok := toolFamilies(r.tool); ok {
		return contains(fam, tool)
	}
	return tool == r.tool
}

func (r *Rule) matchDomain(c Call) (bool, string) {
	want := strings.ToLower(strings.TrimPrefix(r.spec, "domain:"))
	raw, ok := c.Input["url"].(string)
	if !ok {
		return true, "the input has no string url; counted as a match"
	}
	u, err := url.Parse(raw)
	if err != nil || u.Hostname() == "" {
		return true, fmt.Sprintf("url %q has no host that can be read; counted as a match", raw)
	}
	host := strings.ToLower(u.Hostname())
	// A star matches any run of characters: "*.example.com" is every
	// subdomain, "*" every host.
	if matchAny([]pattern{compileWildcard(want)}, literal(host)) {
		return true, fmt.Sprintf("host %q matches", host)
	}
	return false, fmt.Sprintf("host %q is not %s", host, want)
}
