package agent

// Family is what a tool does, whatever an agent calls it: a native policy
// names a family (SPEC §9) and guards the tool in every agent.
type Family string

// The tool families. A tool belongs to exactly one.
const (
	// FamilyShell runs a shell command (Bash, run_shell_command, Shell,
	// Execute, bash).
	FamilyShell Family = "shell"
	// FamilyRead reads a file (Read, read_file).
	FamilyRead Family = "read"
	// FamilyWrite creates or overwrites a whole file (Write, write_file,
	// Create).
	FamilyWrite Family = "write"
	// FamilyEdit changes part of a file, patches included (Edit,
	// MultiEdit, replace, apply_patch).
	FamilyEdit Family = "edit"
	// FamilySearch finds files or text (Glob, Grep, LS, search).
	FamilySearch Family = "search"
	// FamilyWeb fetches or searches the web (WebFetch, WebSearch).
	FamilyWeb Family = "web"
	// FamilyMCP is an MCP server's tool (mcp__server__tool).
	FamilyMCP Family = "mcp"
	// FamilyAgent starts a subagent or a task (Task, Agent).
	FamilyAgent Family = "agent"
	// FamilyOther is any other tool (todo lists, questions to the user,
	// notebooks' non-edit tools).
	FamilyOther Family = "other"
)

// Families lists the families in the order plan and the docs show them.
func Families() []Family {
	return []Family{FamilyShell, FamilyRead, FamilyWrite, FamilyEdit, FamilySearch, FamilyWeb, FamilyMCP, FamilyAgent, FamilyOther}
}

// Tool is one built-in tool of an agent: its name as the agent's events
// give it, and its family.
type Tool struct {
	Name   string
	Family Family
	// Aliases are the other names the agent's matchers accept for the
	// tool, compared exactly, though its events never give them (Qwen
	// Code: Shell, ShellTool and Bash for run_shell_command, matcher.Qwen;
	// Codex: Write and Edit for apply_patch, matcher.ExactOrRegex); nil
	// for none.
	Aliases []string
}

// AliasesOf are the aliases of the tool named name (Tool.Aliases); nil
// when the agent has no such tool.
func (ts Tools) AliasesOf(name string) []string {
	for _, t := range ts {
		if t.Name == name {
			return t.Aliases
		}
	}
	return nil
}

// Tools are an agent's built-in tools.
type Tools []Tool

// Of lists the names of the tools of the families fs, in order.
func (ts Tools) Of(fs ...Family) []string {
	var out []string
	for _, t := range ts {
		for _, f := range fs {
			if t.Family == f {
				out = append(out, t.Name)
				break
			}
		}
	}
	return out
}

// Shell are the tools that run a shell command (tool_input.command): an
// "if" rule's specifier is a command pattern for them.
func (ts Tools) Shell() []string { return ts.Of(FamilyShell) }

// Files are the tools that read, search or change files named in their
// input: an "if" rule's specifier is a path pattern for them.
func (ts Tools) Files() []string {
	return ts.Of(FamilyRead, FamilyWrite, FamilyEdit, FamilySearch)
}

// MatchNames are the names a matcher in the agent's dialect tests for the
// tool named name: name, then the tool's Aliases.
func (ts Tools) MatchNames(name string) []string {
	return append([]string{name}, ts.AliasesOf(name)...)
}

// FamilyOf is the family of the tool named name: its own when the agent
// has it, FamilyMCP for a name that starts with mcpPrefix, false
// otherwise.
func (ts Tools) FamilyOf(name, mcpPrefix string) (Family, bool) {
	for _, t := range ts {
		if t.Name == name {
			return t.Family, true
		}
	}
	if mcpPrefix != "" && len(name) > len(mcpPrefix) && name[:len(mcpPrefix)] == mcpPrefix {
		return FamilyMCP, true
	}
	return "", false
}

// ParseFamily finds the family named s (exact, lower case as Families
// spells them); false for no family.
func ParseFamily(s string) (Family, bool) {
	for _, f := range Families() {
		if string(f) == s {
			return f, true
		}
	}
	return "", false
}
