package event

import (
	"bytes"
	"encoding/json"
)

// Value decodes the top-level field name, whatever its kind (numbers kept
// as written); nil when the field is absent or null. Only that field's
// bytes are decoded. The agents' payload readers use it for arrays
// (Cursor's edits).
func (in *Input) Value(name string) any {
	raw, ok := in.fields[name]
	if !ok || len(raw) == 0 {
		return nil
	}
	var v any
	dec := json.NewDecoder(bytes.NewReader(raw))
	dec.UseNumber()
	if dec.Decode(&v) != nil {
		return nil
	}
	return v
}
