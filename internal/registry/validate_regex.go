package registry

import (
	"errors"

	"github.com/hookexec/hookexec/internal/matcher"
)

// patternMessage renders a matcher compile error; when validating (the
// decoder has a linter) it explains the usual reason: JavaScript syntax in a
// native "re:" matcher (RE2), or PCRE and .NET syntax in an agent dialect's
// matcher, which is a JavaScript regular expression (SPEC §3.1).
func (d *fileDecoder) patternMessage(err error) string {
	if err == nil {
		return ""
	}
	msg := err.Error()
	var pe *matcher.PatternError
	if d.lint != nil && errors.As(err, &pe) {
		if hint := matcher.Hint(d.spec.dialect.jsRegex(), pe.Pattern); hint != "" {
			msg += " (" + hint + ")"
		}
	}
	return msg
}
