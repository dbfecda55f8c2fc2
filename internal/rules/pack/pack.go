package pack

import (
	"github.com/hookexec/hookexec/internal/permrule"
)

// The decisions a pack gives (as internal/rules names them).
const (
	Deny = "deny"
	Ask  = "ask"
)

// Finding is what a pack decides for a call: the decision, the category
// of its scope ("destructive git"), and what matched.
type Finding struct {
	Decision string
	Category string
	Why      string
}

// Pack is a built-in rule pack.
type Pack struct {
	Name string
	// check returns the findings for one call, the first the strongest
	// is taken from.
	check func(c permrule.Call) []Finding
}

// Default is the name of the default pack.
const Default = "hookexec:default"

// Names are the built-in packs' names.
func Names() []string { return []string{Default} }

// Lookup returns the built-in pack of that name.
func Lookup(name string) (*Pack, bool) {
	if name == Default {
		return &Pack{Name: Default, check: checkDefault}, true
	}
	return nil, false
}

// Check tests one call against the pack: a deny finding if there is one,
// else an ask finding, else ok is false.
func (p *Pack) Check(c permrule.Call) (f Finding, ok bool) {
	for _, x := range p.check(c) {
		if x.Decision == Deny {
			return x, true
		}
		if !ok {
			f, ok = x, true
		}
	}
	return f, ok
}

// checkDefault is hookexec:default: a shell call's commands, a file
// tool's written path.
func checkDefault(c permrule.Call) []Finding {
	if command, ok := c.Input["command"].(string); ok && c.Tool == "Bash" {
		return checkCommand(command, c.Places)
	}
	if c.Tool == "Edit" || c.Tool == "Write" {
		if p, ok := c.Input["path"].(string); ok {
			if f, ok := protectedWrite(p, c.Places, "written by "+c.Tool); ok {
				return []Finding{f}
			}
		}
	}
	return nil
}
