package registry

import (
	"github.com/hookexec/hookexec/internal/event"
	"github.com/hookexec/hookexec/internal/jsonpos"
	"github.com/hookexec/hookexec/internal/permrule"
	"github.com/hookexec/hookexec/internal/rules"
)

// ruleLists are the keys of a rules hook that hold permission rules, in
// the order their decisions win.
var ruleLists = []string{"deny", "ask", "allow"}

// rulesFields are the fields only a rules hook reads.
var rulesFields = []string{"deny", "ask", "allow", "reason", "use"}

// rulesHook reads a rules hook entry (the type is already checked): its
// deny, ask and allow lists of permission rules, name, description,
// reason and the fail policy. A rule that does not parse makes the whole
// entry invalid, so that its stand-in denies what it would have guarded;
// so does "use": packs are not built yet.
func (r *hookReader) rulesHook() *Hook {
	h := &Hook{Pos: r.d.pos(r.obj.Off), Rules: &rules.Set{}}
	if v := r.obj.Get("use"); present(v) {
		r.fail(v.Off, `"use" (rule packs such as "hookexec:default") is not supported yet; list the rules in "deny", "ask" and "allow"`)
	}
	lists := []*[]rules.Rule{&h.Rules.Deny, &h.Rules.Ask, &h.Rules.Allow}
	for i, key := range ruleLists {
		*lists[i] = r.ruleList(key)
	}
	if !r.bad && h.Rules.Len() == 0 {
		r.fail(r.obj.Off, `a rules hook needs at least one rule in "deny", "ask" or "allow"`)
	}
	h.Rules.Reason = r.str("reason")
	h.Name = r.str("name")
	h.Description = r.str("description")
	h.FailClosed = r.failPolicy()
	if r.bad {
		return nil
	}
	return h
}

// ruleList reads one list of permission rules, each with the position of
// its string.
func (r *hookReader) ruleList(key string) []rules.Rule {
	v := r.obj.Get(key)
	texts := r.stringList(key)
	if r.bad || texts == nil {
		return nil
	}
	out := make([]rules.Rule, 0, len(texts))
	for i, text := range texts {
		off := v.Elems[i].Off
		rule, err := permrule.Parse(text)
		if err != nil {
			r.fail(off, `"%s[%d]" is not a permission rule: %v`, key, i, err)
			return nil
		}
		out = append(out, rules.Rule{Text: rule.String(), Rule: rule, Pos: r.d.pos(off).String()})
	}
	return out
}

// rulesField is validate's check of a rules hook beyond decoding: on an
// event without a tool it decides nothing, and a rule hookexec does not
// fully interpret is said so.
func (l *linter) rulesField(d *fileDecoder, where string, ev event.Event, el *jsonpos.Value, h *Hook) {
	if ev.MatchField != ToolField {
		l.warn(d, el.Off, `%s: a rules hook on %s does nothing: the event has no tool call (rules apply to tool events only)`, where, ev.Name)
		return
	}
	for _, key := range ruleLists {
		v := el.Get(key)
		if v == nil || v.Kind != jsonpos.Array {
			continue
		}
		for _, item := range v.Elems {
			rule, err := permrule.Parse(item.Str)
			if err != nil {
				continue
			}
			for _, msg := range []string{rule.Note(), rule.Advice()} {
				if msg != "" {
					l.warn(d, item.Off, "%s: %s", where, msg)
				}
			}
		}
	}
}
