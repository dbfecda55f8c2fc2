// Package testevent gives tests the catalogue's events by name. Tests
// only.
package testevent

import (
	"testing"

	"github.com/hookexec/hookexec/internal/event"
)

// Get is the event registered under name (a canonical name or an alias);
// an unknown name fails the test.
func Get(t testing.TB, name string) event.Event {
	t.Helper()
	ev, ok := event.ByKey(name)
	if !ok {
		t.Fatalf("unknown event %s", name)
	}
	return ev
}
