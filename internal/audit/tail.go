package audit

import (
	"errors"
	"fmt"
	"strings"
)

// Tail is the last n records q picks (n <= 0: all), oldest first, and the
// lines skipped reading them.
func (l Files) Tail(q Query, n int) ([]Entry, Stats, error) {
	keep := lastN(n)
	_, sk, err := l.scan(func(e Entry) {
		if q.Match(e) {
			keep.add(e)
		}
	}, true)
	return keep.list(), sk, err
}

// ring keeps the last n entries added (all when n <= 0).
type ring struct {
	n     int
	items []Entry
	start int
}

func lastN(n int) *ring { return &ring{n: n} }

func (r *ring) add(e Entry) {
	if r.n <= 0 || len(r.items) < r.n {
		r.items = append(r.items, e)
		return
	}
	r.items[r.start] = e
	r.start = (r.start + 1) % r.n
}

func (r *ring) list() []Entry {
	return append(r.items[r.start:len(r.items):len(r.items)], r.items[:r.start]...)
}

// ErrNoBlock is Pick's answer when no stopped event matches: not a
// failure, the log simply holds none.
var ErrNoBlock = errors.New("no blocked or denied event in the decision log")

// Pick is the record 'hookexec why' explains: with an id prefix, the one
// record whose id starts with it (q is not applied; an unknown or
// ambiguous prefix is an error); without, the last stopped event q picks
// (ErrNoBlock when there is none).
func (l Files) Pick(q Query, id string) (Entry, Stats, error) {
	if id == "" {
		q.Blocked = true
		got, sk, err := l.Tail(q, 1)
		if err == nil && len(got) == 0 {
			err = ErrNoBlock
		}
		if err != nil {
			return Entry{}, sk, err
		}
		return got[0], sk, nil
	}
	if strings.TrimSpace(id) == "" {
		return Entry{}, Stats{}, errors.New("empty record id")
	}
	var found []Entry
	_, sk, err := l.scan(func(e Entry) {
		if strings.HasPrefix(e.ID, id) && len(found) < 6 {
			found = append(found, e)
		}
	}, true)
	switch {
	case err != nil:
		return Entry{}, sk, err
	case len(found) == 0:
		return Entry{}, sk, fmt.Errorf("no record with an id starting %q in the decision log (%s)", id, l.Current)
	case len(found) > 1:
		ids := make([]string, 0, len(found))
		for _, e := range found[:min(len(found), 5)] {
			ids = append(ids, e.ID)
		}
		more := ""
		if len(found) > 5 {
			more = ", ..."
		}
		return Entry{}, sk, fmt.Errorf("record id %q is ambiguous: it starts %s%s; give more of it", id, strings.Join(ids, ", "), more)
	}
	return found[0], sk, nil
}
