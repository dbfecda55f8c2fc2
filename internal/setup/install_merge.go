package setup

import (
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
	// Kind is the entry's: fire's command (the zero value), an http entry
	// or SessionStart's serve --ensure (install --http); Addr is the
	// server's address for the last two.
	Kind entryKind
	Addr string
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
	// Enabled says what the agent's enable step changed in the file
	// (agent.Enable.EditSettings); "" for nothing.
	Enabled string
	// HadManaged: the file already had entries install wrote.
	HadManaged bool
}

// newHook and newGroup are what install writes for an event without its
// entry, in this key order.
type newHook struct {
	Name      string `json:"name,omitempty"`
	Type      string `json:"type"`
	Command   string `json:"command"`
	Timeout   int64  `json:"timeout"`
	OnFailure string `json:"onFailure,omitempty"`
}

type newGroup struct {
	Hooks []newHook `json:"hooks"`
}

// merge puts hookexec's entries for wants into the settings file data (a
// new file when data is empty) and returns the new text. An event that
// already has hookexec's entry keeps it where it is, updated; a new one
// gets a definition of its own, without a matcher, after the user's. A
// second entry of install's kind for the same event is removed (it would
// run the policies twice). Everything else in the file keeps its bytes,
// comments included. An existing timeout longer than the wanted one is
// kept.
func merge(data []byte, ag Agent, program string, wants []wantEntry) (mergeResult, error) {
	return mergeInto(data, ag, program, program, wants, false, nil)
}

// mergeInto is merge; own says the file is hookexec's own (isOwnFile),
// which gets the agent's constant top-level keys (Flat.Top). serve is
// install --http's (the token goes into the env block); nil takes
// install --http's SessionStart entry and token out.
func mergeInto(data []byte, ag Agent, program, self string, wants []wantEntry, own bool, serve *HTTPOptions) (mergeResult, error) {
	doc, err := parseSettings(ag, data, self)
	if err != nil {
		return mergeResult{}, err
	}
	doc.own = own
	var res mergeResult
	for _, e := range doc.entries() {
		if e.managed() {
			res.HadManaged = true
		}
	}
	if res.Enabled, err = ag.EnableStep().EditSettings(doc); err != nil {
		return mergeResult{}, err
	}
	if err := doc.shapeSettings(); err != nil {
		return mergeResult{}, err
	}
	for _, w := range wants {
		did, err := doc.mergeEvent(ag, program, w)
		if err != nil {
			return mergeResult{}, err
		}
		switch {
		case did == "added" && !slices.Contains(res.Added, w.Key):
			res.Added = append(res.Added, w.Key)
		case did == "updated" && !slices.Contains(res.Updated, w.Key):
			res.Updated = append(res.Updated, w.Key)
		}
	}
	if err := doc.serveSettings(ag, serve); err != nil {
		return mergeResult{}, err
	}
	res.Changed, res.Data = doc.edited, data
	if res.Changed {
		res.Data = doc.bytes()
	}
	return res, nil
}

// mergeEvent applies one wanted entry; it returns "added", "updated" or
// "" (nothing to do).
func (d *settingsDoc) mergeEvent(ag Agent, program string, w wantEntry) (string, error) {
	if w.Kind == kindEnsure {
		return d.mergeEnsure(program, w)
	}
	var found []hookEntry
	for _, e := range d.entries() {
		if e.Key == w.Key && e.managedFor(w.Key) {
			found = append(found, e)
		}
	}
	if w.Kind == kindHTTP || len(found) > 0 && found[0].IsHTTP {
		return d.mergeKind(ag, program, w, found)
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
		return "added", d.addEntry(ag, w.Key, d.newEntry(ag, program, command, w, failClosed))
	}
	return d.settle(found, func() error { return d.updateHook(ag, found[0], program, command, w, failClosed) })
}

// settle applies edit to the first of hookexec's entries found for an
// event, removes the other copies (the last first, so that the others'
// places stay) and moves the entry out of a matcher's definition (it must
// see every tool). It returns "updated" when anything changed, else "".
func (d *settingsDoc) settle(found []hookEntry, edit func() error) (string, error) {
	before := d.edited
	d.edited = false
	if err := edit(); err != nil {
		return "", err
	}
	for i := len(found) - 1; i > 0; i-- {
		if err := d.removeHook(found[i]); err != nil {
			return "", err
		}
	}
	if found[0].HasMatch {
		if err := d.moveToOwnGroup(found[0]); err != nil {
			return "", err
		}
	}
	changed := d.edited
	d.edited = before || changed
	if changed {
		return "updated", nil
	}
	return "", nil
}

// updateHook gives hookexec's entry e the wanted command, timeout and
// onFailure, each where it is.
func (d *settingsDoc) updateHook(ag Agent, e hookEntry, program, command string, w wantEntry, failClosed bool) error {
	if e.Group.flat {
		return d.updateFlat(ag, e, program, command, w, failClosed)
	}
	at := d.shape.hookPtr(e)
	h := e.Hook
	timeout := w.Timeout
	if e.Timeout > float64(timeout) {
		timeout = int64(math.Ceil(e.Timeout)) // a longer timeout set by hand stays
	}
	type edit struct {
		key string
		val any
	}
	var edits []edit
	if _, ok := h.get("name"); !ok && ag.HookName != "" {
		edits = append(edits, edit{"name", ag.HookName})
	}
	if s, _ := h.str("type"); s != "command" {
		edits = append(edits, edit{"type", "command"})
	}
	if s, _ := h.str("command"); s != command {
		edits = append(edits, edit{"command", command})
	}
	if raw, ok := h.get("timeout"); !ok || e.Timeout != float64(timeout) || kindOf(raw) != "a number" {
		edits = append(edits, edit{"timeout", timeout})
	}
	cur, _ := h.str("onFailure")
	switch {
	case w.OnFailure != "" && cur != w.OnFailure:
		edits = append(edits, edit{"onFailure", w.OnFailure})
	case w.OnFailure == "" && cur == onFailureBlock:
		// --fail-open; any other value the user set stays.
		if err := d.remove(at + pointer("onFailure")); err != nil {
			return err
		}
	}
	for _, m := range edits {
		if err := d.set(at, m.key, m.val); err != nil {
			return err
		}
	}
	return nil
}

// removeHook takes one hook out of its definition, or the definition out
// when that was its only hook.
func (d *settingsDoc) removeHook(e hookEntry) error {
	if ed := d.event(e.Key); e.Group.flat || ed != nil && len(ed.groups[e.groupIdx].hooks) == 1 {
		return d.remove(pointer(d.shape.root, e.Key, e.groupIdx))
	}
	return d.remove(d.shape.hookPtr(e))
}

// moveToOwnGroup moves hookexec's entry e to a new definition without a
// matcher, after the others, and drops the one it leaves empty.
func (d *settingsDoc) moveToOwnGroup(e hookEntry) error {
	root := d.shape.root
	if e.Group.flat {
		// A flat entry is its own definition: its matcher goes.
		return d.remove(d.shape.hookPtr(e) + pointer(d.shape.matcherKey(e.Group)))
	}
	if err := d.push(pointer(root, e.Key), map[string][]any{"hooks": {}}); err != nil {
		return err
	}
	last := len(d.event(e.Key).groups) - 1
	if err := d.move(pointer(root, e.Key, e.groupIdx, "hooks", e.hookIndex), pointer(root, e.Key, last, "hooks")); err != nil {
		return err
	}
	if len(d.event(e.Key).groups[e.groupIdx].hooks) == 0 {
		return d.remove(pointer(root, e.Key, e.groupIdx))
	}
	return nil
}
