package pack

import (
	"slices"

	"github.com/hookexec/hookexec/internal/permrule"
)

// The decisions a pack gives (as internal/rules names them).
const (
	Deny = "deny"
	Ask  = "ask"
)

// Finding is what a pack decides for a call: the decision, the category
// of its scope ("destructive git"), the id of the check that found it
// ("git-push-force"), and what matched.
type Finding struct {
	Decision string
	Category string
	Check    string
	Why      string
}

// Pack is a built-in rule pack: what it decides for each check's
// findings. A pack is not changed once made; Without makes another.
type Pack struct {
	Name string
	// decide maps a check id to the pack's decision; a check it leaves
	// out is not in it.
	decide map[string]string
	// without are the ids left out by Without, in the order given.
	without []string
}

// The built-in packs' names.
const (
	Default = "hookexec:default"
	Strict  = "hookexec:strict"
	Relaxed = "hookexec:relaxed"
)

// Names are the built-in packs' names.
func Names() []string { return []string{Default, Strict, Relaxed} }

// Lookup returns the built-in pack of that name.
func Lookup(name string) (*Pack, bool) {
	pick := map[string]func(Check) string{
		Default: func(c Check) string { return c.Default },
		Strict:  func(c Check) string { return c.Strict },
		Relaxed: func(c Check) string { return c.Relaxed },
	}[name]
	if pick == nil {
		return nil, false
	}
	p := &Pack{Name: name, decide: map[string]string{}}
	for _, c := range checks {
		if d := pick(c); d != "" {
			p.decide[c.ID] = d
		}
	}
	return p, true
}

// Decides is what the pack decides for the check id's findings, "" when
// it does not check it (or the id is not a check).
func (p *Pack) Decides(id string) string { return p.decide[id] }

// Without is the pack with the checks ids left out: their findings decide
// nothing. An id the pack does not check is ignored.
func (p *Pack) Without(ids []string) *Pack {
	q := &Pack{Name: p.Name, decide: make(map[string]string, len(p.decide)), without: append(slices.Clip(p.without), ids...)}
	for id, d := range p.decide {
		if !slices.Contains(ids, id) {
			q.decide[id] = d
		}
	}
	return q
}

// LeftOut are the ids Without left out.
func (p *Pack) LeftOut() []string { return slices.Clone(p.without) }

// Check tests one call against the pack: a deny finding if there is one,
// else an ask finding, else ok is false.
func (p *Pack) Check(c permrule.Call) (f Finding, ok bool) {
	for _, x := range findings(c) {
		d := p.decide[x.Check]
		if d == "" {
			continue
		}
		x.Decision, x.Category = d, category(x.Check)
		if d == Deny {
			return x, true
		}
		if !ok {
			f, ok = x, true
		}
	}
	return f, ok
}

// findings are what every check finds in a call, whichever pack decides
// on them: a shell call's commands, the path a file tool writes or reads.
func findings(c permrule.Call) []Finding {
	if command, ok := c.Input["command"].(string); ok && c.Tool == "Bash" {
		return checkCommand(command, c.Places)
	}
	p, ok := c.Input["path"].(string)
	if !ok {
		return nil
	}
	switch c.Tool {
	case "Edit", "Write":
		if f, ok := protectedWrite(p, c.Places, "written by "+c.Tool); ok {
			return []Finding{f}
		}
	case "Read", "Grep":
		if f, ok := secretRead(p, c.Places, "read by "+c.Tool); ok {
			return []Finding{f}
		}
	}
	return nil
}
