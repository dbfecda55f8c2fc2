package registry

import (
	"slices"
	"strings"

	"github.com/hookexec/hookexec/internal/event"
	"github.com/hookexec/hookexec/internal/jsonpos"
	"github.com/hookexec/hookexec/internal/permrule"
	"github.com/hookexec/hookexec/internal/rules"
	"github.com/hookexec/hookexec/internal/rules/pack"
	"github.com/hookexec/hookexec/internal/spelling"
)

// ruleLists are the keys of a rules hook that hold permission rules, in
// the order their decisions win.
var ruleLists = []string{"deny", "ask", "allow"}

// rulesFields are the fields only a rules hook reads.
var rulesFields = []string{"deny", "ask", "allow", "reason", "use", "except"}

// rulesHook reads a rules hook entry (the type is already checked): its
// deny, ask and allow lists of permission rules, name, description,
// reason and the fail policy. A rule that does not parse makes the whole
// entry invalid, so that its stand-in denies what it would have guarded;
// so does a pack in "use" that is not built in, and a check in "except"
// that no pack has.
func (r *hookReader) rulesHook() *Hook {
	h := &Hook{Pos: r.d.pos(r.obj.Off), Rules: &rules.Set{}}
	h.Rules.Use = r.packList()
	h.Rules.Except = r.exceptList(h.Rules.Use)
	lists := []*[]rules.Rule{&h.Rules.Deny, &h.Rules.Ask, &h.Rules.Allow}
	for i, key := range ruleLists {
		*lists[i] = r.ruleList(key)
	}
	if !r.bad && h.Rules.Len() == 0 {
		r.fail(r.obj.Off, `a rules hook needs at least one rule in "deny", "ask" or "allow", or a pack in "use"`)
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
	if h != nil && h.Rules != nil {
		l.exceptField(d, where, el, h.Rules)
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

// exceptField warns of a check in "except" that none of the hook's packs
// has: leaving it out changes nothing.
func (l *linter) exceptField(d *fileDecoder, where string, el *jsonpos.Value, s *rules.Set) {
	v := el.Get("except")
	if v == nil || v.Kind != jsonpos.Array || len(v.Elems) != len(s.Except) {
		return
	}
	for i, e := range s.Except {
		checked := false
		for _, u := range s.Use {
			if p, ok := pack.Lookup(u.Name); ok && p.Decides(e.ID) != "" {
				checked = true
			}
		}
		if !checked {
			l.warn(d, v.Elems[i].Off, `%s: "except[%d]": %s does not check %q; nothing is left out`, where, i, useNames(s), e.ID)
		}
	}
}

// useNames are the names of the packs of a set, "a and b".
func useNames(s *rules.Set) string {
	names := make([]string, len(s.Use))
	for i, u := range s.Use {
		names[i] = u.Name
	}
	return strings.Join(names, " and ")
}

// packList reads "use": the names of built-in packs, each with the
// position of its string. An unknown name is an error, with the nearest
// built-in name.
func (r *hookReader) packList() []rules.Use {
	v := r.obj.Get("use")
	names := r.stringList("use")
	if r.bad || names == nil {
		return nil
	}
	out := make([]rules.Use, 0, len(names))
	for i, name := range names {
		off := v.Elems[i].Off
		p, ok := pack.Lookup(name)
		if !ok {
			msg := `"use[%d]": %q is not a built-in rule pack (built in: %s)`
			args := []any{i, name, strings.Join(pack.Names(), ", ")}
			if near := spelling.Closest(name, pack.Names(), 4); near != "" {
				msg += `; did you mean %q?`
				args = append(args, near)
			}
			r.fail(off, msg, args...)
			return nil
		}
		out = append(out, rules.Use{Name: name, Pack: p, Pos: r.d.pos(off).String()})
	}
	return out
}

// exceptList reads "except": the ids of the packs' checks the hook leaves
// out, each with the position of its string, and makes the hook's packs
// without them. "except" needs a pack in "use"; an id that is no check
// is an error, with the nearest id.
func (r *hookReader) exceptList(use []rules.Use) []rules.Except {
	v := r.obj.Get("except")
	ids := r.stringList("except")
	if r.bad || ids == nil {
		return nil
	}
	if len(use) == 0 {
		r.fail(v.Off, `"except" leaves checks out of the packs in "use", and there is none`)
		return nil
	}
	known := pack.IDs()
	out := make([]rules.Except, 0, len(ids))
	for i, id := range ids {
		off := v.Elems[i].Off
		if !slices.Contains(known, id) {
			msg := `"except[%d]": %q is not a check of the built-in packs (see docs/rules.md)`
			args := []any{i, id}
			near := spelling.Closest(id, known, 4)
			if _, after, ok := strings.Cut(id, "/"); ok && slices.Contains(known, after) {
				near = after
			}
			if near != "" {
				msg += `; did you mean %q?`
				args = append(args, near)
			}
			r.fail(off, msg, args...)
			return nil
		}
		out = append(out, rules.Except{ID: id, Pos: r.d.pos(off).String()})
	}
	for i := range use {
		use[i].Pack = use[i].Pack.Without(ids)
	}
	return out
}
