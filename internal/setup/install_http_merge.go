package setup

import (
	"bytes"
	"encoding/json"
	"math"
	"strings"
)

// managed reports whether install wrote the entry: fire's command, an
// http entry hookexec serve answers, or SessionStart's serve --ensure.
func (e hookEntry) managed() bool {
	return e.IsFire && e.Fire.Managed || e.IsHTTP && e.HTTP.Managed || e.IsEnsure
}

// managedFor reports whether the entry is install's for the event key: a
// fire command or an http entry of that event (not serve --ensure, which
// is the server's, not the event's).
func (e hookEntry) managedFor(key string) bool {
	switch {
	case e.IsFire && e.Fire.Managed:
		return e.Fire.sameEvent(key)
	case e.IsHTTP && e.HTTP.Managed:
		return fireCommand{Event: e.HTTP.Event}.sameEvent(key)
	}
	return false
}

// mergeKind applies a wanted entry where the kinds differ or are http
// (install --http over a command install, install over an http install,
// or an http entry to update): the first entry found is replaced where it
// is by the wanted one when it differs, the others go.
func (d *settingsDoc) mergeKind(ag Agent, program string, w wantEntry, found []hookEntry) (string, error) {
	timeout := w.Timeout
	if len(found) > 0 && found[0].Timeout > float64(timeout) {
		timeout = int64(math.Ceil(found[0].Timeout)) // a longer timeout set by hand stays
	}
	var want any
	if w.Kind == kindHTTP {
		want = httpHook(ag, w, timeout)
	} else {
		failClosed := w.FailClosed != nil && *w.FailClosed
		want = newHook{Name: ag.HookName, Type: "command", Command: buildCommand(program, w.Key, ag.Format, failClosed), Timeout: timeout, OnFailure: w.OnFailure}
	}
	if len(found) == 0 {
		return "added", d.addEntry(ag, w.Key, ordered{{"hooks", []any{want}}})
	}
	return d.settle(found, func() error { return d.replaceHook(found[0], want) })
}

// replaceHook puts want in the place of e's hook, unless it is the same.
func (d *settingsDoc) replaceHook(e hookEntry, want any) error {
	text, err := json.Marshal(want)
	if err != nil {
		return err
	}
	if sameJSON(objectText(e.Hook), text) {
		return nil
	}
	at := d.shape.hookPtr(e)
	if err := d.remove(at); err != nil {
		return err
	}
	return d.add(at[:strings.LastIndexByte(at, '/')], at, want)
}

// objectText is an object's JSON text, members in order.
func objectText(o *object) []byte {
	b := []byte{'{'}
	for i, m := range o.members {
		if i > 0 {
			b = append(b, ',')
		}
		k, _ := json.Marshal(m.key)
		b = append(append(append(b, k...), ':'), m.val...)
	}
	return append(b, '}')
}

// mergeEnsure puts SessionStart's serve --ensure entry in: the first found
// gets the wanted command and timeout, the others go.
func (d *settingsDoc) mergeEnsure(program string, w wantEntry) (string, error) {
	var found []hookEntry
	for _, e := range d.entries() {
		if e.IsEnsure && e.Key == w.Key {
			found = append(found, e)
		}
	}
	want := newHook{Type: "command", Command: ensureCommand(program, w.Addr), Timeout: w.Timeout}
	if len(found) == 0 {
		return "added", d.addEntry(Agent{}, w.Key, newGroup{Hooks: []newHook{want}})
	}
	before := d.edited
	d.edited = false
	if found[0].Command != want.Command || found[0].Timeout < float64(want.Timeout) {
		at := d.shape.hookPtr(found[0])
		if err := d.set(at, "command", want.Command); err != nil {
			return "", err
		}
		if found[0].Timeout < float64(want.Timeout) {
			if err := d.set(at, "timeout", want.Timeout); err != nil {
				return "", err
			}
		}
	}
	for i := len(found) - 1; i > 0; i-- {
		if err := d.removeHook(found[i]); err != nil {
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

// serveSettings puts install --http's token into the env block (serve
// set), or takes install --http's SessionStart entries and token out
// (serve nil: a command install).
func (d *settingsDoc) serveSettings(ag Agent, serve *HTTPOptions) error {
	key := ag.HTTP.EnvKey
	if key == "" {
		return nil
	}
	if serve != nil {
		return d.setToken(key, serve.Token)
	}
	if err := d.removeEnsures(); err != nil {
		return err
	}
	return d.removeToken(key)
}

// setToken gives the env block's TokenVar the token.
func (d *settingsDoc) setToken(key, token string) error {
	raw, ok := d.top.get(key)
	if !ok {
		return d.set("", key, ordered{{TokenVar, token}})
	}
	env, err := parseObject(raw)
	if err != nil {
		return err
	}
	if cur, ok := env.str(TokenVar); ok && cur == token {
		return nil
	}
	return d.set(pointer(key), TokenVar, token)
}

// removeToken takes TokenVar out of the env block, and the block when that
// leaves it empty.
func (d *settingsDoc) removeToken(key string) error {
	raw, ok := d.top.get(key)
	if !ok {
		return nil
	}
	env, err := parseObject(raw)
	if err != nil || env.index(TokenVar) < 0 {
		return nil // an env that is no object is the user's business
	}
	if len(env.members) == 1 {
		return d.remove(pointer(key))
	}
	return d.remove(pointer(key, TokenVar))
}

// stripToken is uninstall's removeToken: it also returns the file with the
// token's env block left empty, when the token was its only member.
func (d *settingsDoc) stripToken(ag Agent, self string) ([]byte, error) {
	key := ag.HTTP.EnvKey
	if key == "" {
		return nil, nil
	}
	before := bytes.Clone(d.bytes())
	raw, _ := d.top.get(key)
	env, err := parseObject(raw)
	if err := d.removeToken(key); err != nil {
		return nil, err
	}
	if err != nil || len(env.members) != 1 || env.index(TokenVar) != 0 {
		return nil, nil
	}
	alt, err := parseSettings(ag, before, self)
	if err != nil {
		return nil, err
	}
	if err := alt.remove(pointer(key, TokenVar)); err != nil {
		return nil, err
	}
	return alt.bytes(), nil
}

// removeEnsures takes every serve --ensure entry out, with the definitions
// and event keys that leaves empty.
func (d *settingsDoc) removeEnsures() error {
	var found []hookEntry
	for _, e := range d.entries() {
		if e.IsEnsure {
			found = append(found, e)
		}
	}
	for i := len(found) - 1; i >= 0; i-- {
		if err := d.removeHook(found[i]); err != nil {
			return err
		}
	}
	for _, e := range found {
		if ed := d.event(e.Key); ed != nil && len(ed.groups) == 0 {
			if err := d.remove(pointer(d.shape.root, e.Key)); err != nil {
				return err
			}
		}
	}
	if d.events != nil && len(d.events) == 0 {
		return d.remove(pointer(d.shape.root))
	}
	return nil
}
