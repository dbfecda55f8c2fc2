package permrule

import (
	"fmt"
	"strings"

	"github.com/hookexec/hookexec/internal/agents"
)

// MatchEvery tests a list of rules as an allow list is tested: a shell
// call is matched only when every simple command of its command is
// matched by one of the rules, for certain (a command that does not
// parse, or a command with a word known only at run time, is not); any
// other call when one rule matches it. It returns the rule that matched
// (the first command's), and why. Rules whose matches are counts of what
// they cannot decide (a specifier hookexec does not interpret, a missing
// field) never match here.
func MatchEvery(rules []*Rule, c Call) (rule *Rule, why string, ok bool) {
	command, isShell := c.Input["command"].(string)
	if !isShell || !contains(agents.ShellTools(), c.Tool) {
		for _, r := range rules {
			if r.kind == kindUnknown || r.kind == kindShell || r.kind == kindPwsh {
				continue
			}
			if m, w := r.Match(c); m && r.decides(w) {
				return r, w, true
			}
		}
		return nil, "", false
	}
	cmds, unknown := c.splitCommand(command)
	if unknown != "" || len(cmds) == 0 {
		return nil, "", false
	}
	for i, sub := range cmds {
		r, w := matchSubcommand(rules, c.Tool, sub)
		if r == nil {
			return nil, "", false
		}
		if i == 0 {
			rule, why = r, w
		}
	}
	return rule, why, true
}

// matchSubcommand is the first rule of the list for tool that matches one
// form of sub, a command whose words are all known.
func matchSubcommand(rules []*Rule, tool string, sub subcommand) (*Rule, string) {
	for _, w := range sub {
		if w.dynamic {
			return nil, ""
		}
	}
	for _, r := range rules {
		if !r.matchTool(tool) {
			continue
		}
		switch r.kind {
		case kindAll:
			return r, "every call of " + r.toolText() + " matches"
		case kindShell:
			for _, form := range forms(sub) {
				if matchAny(r.shell, form.subject()) {
					return r, fmt.Sprintf("subcommand %s matches %q", quoteShort(form.String()), r.spec)
				}
			}
		}
	}
	return nil, ""
}

// decides reports whether a match of r was decided, not counted because
// the call lacks what the rule reads (Match says so in why).
func (r *Rule) decides(why string) bool {
	return !strings.Contains(why, "counted as a match")
}
