package harness

import (
	"bytes"
	"encoding/json"
)

// JSONLines are the lines of out that are JSON objects, in order: an
// agent's stream-json or --json output, whatever else it printed left out.
func JSONLines(out []byte) []map[string]any {
	var evs []map[string]any
	for _, line := range bytes.Split(out, []byte("\n")) {
		var ev map[string]any
		if json.Unmarshal(line, &ev) == nil && ev != nil {
			evs = append(evs, ev)
		}
	}
	return evs
}
