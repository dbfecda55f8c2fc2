package event

import "strings"

// NamesWithPrefix are the event names (Names) that begin with prefix, in
// any case: what a shell completes for an EVENT argument.
func NamesWithPrefix(prefix string) []string {
	var out []string
	for _, n := range Names() {
		if strings.HasPrefix(strings.ToLower(n), strings.ToLower(prefix)) {
			out = append(out, n)
		}
	}
	return out
}
