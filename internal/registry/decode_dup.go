package registry

import (
	"fmt"

	"github.com/hookexec/hookexec/internal/jsonpos"
)

// duplicates applies the policy for repeated keys in the parts of a file
// hookexec reads (the top-level keys it ignores are never looked at). In
// the native dialect, hookexec's own format, a repeated key is an error
// that names both places: nothing is silently dropped, and a file cannot
// hide a guard behind a second "hooks". The agents' dialects are read as
// their agents read them (JavaScript's JSON.parse: the last of duplicate
// keys wins), with a warning at each ignored occurrence naming the one used.
func (d *fileDecoder) duplicates(dups []jsonpos.Duplicate) error {
	for _, dup := range dups {
		if d.spec.dialect == Native {
			return &Error{Pos: d.pos(dup.Last), Msg: fmt.Sprintf(
				"duplicate key %q (also at %s): a key may appear only once in a hookexec config", dup.Key, d.pos(dup.Off))}
		}
		d.warn(dup.Off, "duplicate key %q: this value is ignored, the last one (at %s) is used, as %s does",
			dup.Key, d.pos(dup.Last), d.spec.dialect.agent())
	}
	return nil
}
