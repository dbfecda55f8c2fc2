package matcher

import (
	"errors"
	"fmt"
	"slices"
	"strings"

	"github.com/hookexec/hookexec/internal/agents/agent"
	"github.com/hookexec/hookexec/internal/spelling"
)

// ToolMatcher is a matcher that can test a tool's family as well as its
// name: a native matcher with "@FAMILY" alternatives (SPEC §9: "@shell"
// guards Bash, run_shell_command, Shell, ... in every agent). The planner
// gives it the family the normalized view read (agents.Call).
type ToolMatcher interface {
	Matcher
	// MatchTool reports whether the matcher accepts the tool named tool,
	// of family family ("" when unknown).
	MatchTool(tool string, family agent.Family) bool
	// Families are the families the matcher names, in order.
	Families() []agent.Family
}

// parseFamily reads the name after "@" in a native matcher alternative.
func parseFamily(name string) (agent.Family, error) {
	if f, ok := agent.ParseFamily(name); ok {
		return f, nil
	}
	known := make([]string, 0, len(agent.Families()))
	for _, f := range agent.Families() {
		known = append(known, string(f))
	}
	msg := fmt.Sprintf("unknown tool family %q", "@"+name)
	if s := spelling.Closest(strings.ToLower(name), known, max(2, len(name)/3)); s != "" {
		return "", errors.New(msg + fmt.Sprintf(" (did you mean %q?)", "@"+s))
	}
	return "", errors.New(msg + " (families: @" + strings.Join(known, ", @") + ")")
}

// familyMatcher is a native glob matcher with "@FAMILY" alternatives.
type familyMatcher struct {
	globMatcher
	families []agent.Family
	// classify is the family of a tool named alone (agents.Classify with
	// no agent).
	classify func(tool string) agent.Family
}

// Match tests a tool name alone: a glob alternative, or a family
// alternative by the family the first agent of the table with that tool
// gives it (classify).
func (m familyMatcher) Match(v string) bool {
	return m.MatchTool(v, m.classify(v))
}

func (m familyMatcher) MatchTool(tool string, family agent.Family) bool {
	if family != "" && slices.Contains(m.families, family) {
		return true
	}
	return m.globMatcher.Match(tool)
}

func (m familyMatcher) Families() []agent.Family { return m.families }
func (m familyMatcher) Kind() string             { return KindFamily }
