package verdict

import (
	"fmt"
	"strings"
	"unicode"

	"github.com/hookexec/hookexec/internal/event"
)

// maxEventName bounds the name of an event hookexec does not know.
const maxEventName = 128

// ResolveEvent finds the event fire (and serve) runs for a command-line
// name in format f. A name of the catalogue is resolved as event.Resolve
// does. Under an agent format (claude, gemini) a name hookexec does not
// know is not an error: a newer agent fires events hookexec has not heard
// of, and their hooks must still run. It becomes event.Unknown(name),
// with warning saying so. Under the result format, which people and
// scripts read, it stays a usage error (a typo should fail loudly), as do
// an empty name and one with control characters or spaces.
func ResolveEvent(name string, f Format) (ev event.Event, warning string, err error) {
	ev, err = event.Resolve(name)
	if err == nil || f == FormatResult || !plausibleName(name) {
		return ev, "", err
	}
	return event.Unknown(name), UnknownEventWarning(name, event.Suggest(name)), nil
}

// UnknownEventWarning is the warning of a fire under an event name
// hookexec does not know; suggestion is the closest known name ("" for
// none).
func UnknownEventWarning(name, suggestion string) string {
	w := fmt.Sprintf("unknown event %q: only the hooks registered under exactly this key run (matchers ignored, merged as decisions); with none, an event that can block is denied", name)
	if suggestion != "" {
		w += fmt.Sprintf(" (did you mean %q?)", suggestion)
	}
	return w
}

// plausibleName: a name that could be a config key of an event: at most
// maxEventName bytes, no space or control character.
func plausibleName(name string) bool {
	return name != "" && len(name) <= maxEventName &&
		!strings.ContainsFunc(name, func(r rune) bool { return unicode.IsSpace(r) || unicode.IsControl(r) || r == unicode.ReplacementChar })
}
