package setup

import (
	"encoding/json"
	"fmt"
	"math"
	"slices"
)

// wantEntry is the hookexec entry install wants for one event.
type wantEntry struct {
	// Key is the agent's name of the event.
	Key string
	// Timeout is the least timeout, in the agent's unit.
	Timeout int64
	// FailClosed: nil keeps what an existing entry has (false for a new
	// one).
	FailClosed *bool
	// OnFailure is the entry's "onFailure" (onFailureBlock); "" takes an
	// "onFailure": "block" off an existing entry (--fail-open).
	OnFailure string
}

// onFailureBlock is the "onFailure" that makes Claude Code block the action
// when hookexec's entry cannot start, times out or exits with a status
// other than 0 and 2 (Agent.OnFailure).
const onFailureBlock = "block"

// mergeResult says what merge did.
type mergeResult struct {
	Data    []byte
	Changed bool
	// Added and Updated are event keys.
	Added, Updated []string
	// Enabled: hooksConfig.enabled was set to true.
	Enabled bool
	// HadManaged: the file already had entries install wrote.
	HadManaged bool
}

// merge puts hookexec's entries for wants into the settings file data (a
// new file when data is empty) and returns the new text. An event that
// already has hookexec's entry keeps it where it is, updated; a new one
// gets a definition of its own, without a matcher, after the user's. A
// second entry of install's kind for the same event is removed (it would
// run the policies twice). Everything else in the file stays as it was.
// An existing timeout longer than the wanted one is kept.
func merge(data []byte, ag Agent, program string, wants []wantEntry) (mergeResult, error) {
	doc, err := parseSettings(data, program)
	if err != nil {
		return mergeResult{}, err
	}
	var res mergeResult
	for _, e := range doc.entries() {
		if e.IsFire && e.Fire.Managed {
			res.HadManaged = true
		}
	}
	before, err := doc.encode()
	if err != nil {
		return mergeResult{}, err
	}
	if ag.NeedsEnable {
		enabled, err := enableHooks(doc.top)
		if err != nil {
			return mergeResult{}, err
		}
		res.Enabled = enabled
	}
	if doc.events == nil && len(wants) > 0 {
		doc.events = []*eventDefs{}
	}
	for _, w := range wants {
		switch mergeEvent(doc, ag, program, w) {
		case "added":
			res.Added = append(res.Added, w.Key)
		case "updated":
			res.Updated = append(res.Updated, w.Key)
		}
	}
	after, err := doc.encode()
	if err != nil {
		return mergeResult{}, err
	}
	res.Changed = !sameText(before, after)
	if res.Changed {
		res.Data = after
	} else {
		res.Data = data
	}
	return res, nil
}

// sameText compares two encodings of the same layout.
func sameText(a, b []byte) bool { return string(a) == string(b) }

// enableHooks sets hooksConfig.enabled to true (Gemini CLI runs no hook
// otherwise) and reports whether it changed.
func enableHooks(top *object) (bool, error) {
	hc := &object{}
	if raw, ok := top.get("hooksConfig"); ok {
		o, err := parseObject(raw)
		if err != nil {
			return false, fmt.Errorf(`"hooksConfig": %w`, err)
		}
		hc = o
	}
	if raw, ok := hc.get("enabled"); ok && string(raw) == "true" {
		return false, nil
	}
	hc.set("enabled", json.RawMessage("true"))
	// A new hooksConfig comes before a new hooks, as in the README.
	top.set("hooksConfig", hc.encode())
	return true, nil
}

// mergeEvent applies one wanted entry; it returns "added", "updated" or
// "" (nothing to do).
func mergeEvent(doc *settingsDoc, ag Agent, program string, w wantEntry) string {
	var found []hookEntry
	for _, e := range doc.entries() {
		if e.IsFire && e.Fire.Managed && e.Key == w.Key && e.Fire.sameEvent(w.Key) {
			found = append(found, e)
		}
	}
	failClosed := false
	if len(found) > 0 {
		failClosed = found[0].Fire.FailClosed
	}
	if w.FailClosed != nil {
		failClosed = *w.FailClosed
	}
	command := buildCommand(program, w.Key, ag.Format, failClosed)
	if len(found) == 0 {
		ed := doc.event(w.Key)
		if ed == nil {
			ed = &eventDefs{key: w.Key}
			doc.events = append(doc.events, ed)
		}
		h := &object{}
		if ag.HookName != "" {
			h.set("name", marshal(ag.HookName))
		}
		h.set("type", marshal("command"))
		h.set("command", marshal(command))
		h.set("timeout", marshal(w.Timeout))
		setOnFailure(h, w.OnFailure)
		ed.groups = append(ed.groups, &group{obj: &object{}, hooks: []*object{h}, hasHooks: true})
		return "added"
	}
	first := found[0]
	old := string(first.Hook.encode())
	timeout := w.Timeout
	if first.Timeout > float64(timeout) {
		timeout = int64(math.Ceil(first.Timeout)) // a longer timeout set by hand stays
	}
	if ag.HookName != "" {
		if _, ok := first.Hook.get("name"); !ok {
			first.Hook.set("name", marshal(ag.HookName))
		}
	}
	first.Hook.set("type", marshal("command"))
	first.Hook.set("command", marshal(command))
	if raw, ok := first.Hook.get("timeout"); !ok || first.Timeout != float64(timeout) || kindOf(raw) != "a number" {
		first.Hook.set("timeout", marshal(timeout))
	}
	setOnFailure(first.Hook, w.OnFailure)
	changed := old != string(first.Hook.encode())
	// hookexec applies the matchers itself: its entry must see every tool.
	if first.HasMatch {
		removeHook(doc, first)
		ed := doc.event(w.Key)
		ed.groups = append(ed.groups, &group{obj: &object{}, hooks: []*object{first.Hook}, hasHooks: true})
		changed = true
	}
	for _, extra := range found[1:] {
		removeHook(doc, extra)
		changed = true
	}
	if changed {
		return "updated"
	}
	return ""
}

// setOnFailure gives hookexec's entry h the "onFailure" value v; with v
// "", an "onFailure": "block" is taken off (any other value the user set
// stays).
func setOnFailure(h *object, v string) {
	if v != "" {
		if cur, _ := h.str("onFailure"); cur != v {
			h.set("onFailure", marshal(v))
		}
		return
	}
	if cur, _ := h.str("onFailure"); cur == onFailureBlock {
		h.remove("onFailure")
	}
}

// removeHook takes one hook out of its definition, and drops the
// definition when that left it without hooks.
func removeHook(doc *settingsDoc, e hookEntry) {
	ed := doc.event(e.Key)
	g := e.Group
	g.hooks = slices.DeleteFunc(g.hooks, func(h *object) bool { return h == e.Hook })
	if len(g.hooks) == 0 {
		ed.groups = slices.DeleteFunc(ed.groups, func(x *group) bool { return x == g })
	}
}
