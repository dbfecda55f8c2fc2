package duration

import (
	"fmt"
	"strconv"
	"strings"
	"time"
)

// MaxFlag is the longest --timeout or --kill-grace. A day is far
// beyond any hook an agent waits for, and far below the ~292 years where
// time.Duration overflows and a grace would silently become 0.
const MaxFlag = 24 * time.Hour

// Flag is how a duration flag is read: its name, and whether 0 is a
// meaningful value (--kill-grace 0: no grace; a --timeout of 0 is not a
// timeout).
type Flag struct {
	Name      string
	AllowZero bool
}

// Parse reads a Go duration ("500ms", "2s") or a bare decimal number of
// milliseconds (Units, the rule a config's "timeout" is read by). NaN, infinities, negative values, 0 where it is not
// allowed and anything above MaxFlag are usage errors naming the
// flag and the range.
func (f Flag) Parse(s string) (time.Duration, error) {
	t := strings.TrimSpace(s)
	d, ok := time.Duration(0), false
	if isDecimal(t) {
		if ms, err := strconv.ParseFloat(t, 64); err == nil {
			d, ok = Units(ms, time.Millisecond)
		}
	} else if pd, err := time.ParseDuration(t); err == nil {
		d, ok = pd, true
	}
	if !ok || d < 0 || d > MaxFlag || (d == 0 && !f.AllowZero) {
		return 0, fmt.Errorf("invalid %s %q (want %s: a Go duration such as 500ms or 2s, or a number of milliseconds)", f.Name, s, f.rangeText())
	}
	return d, nil
}

// ShortBareWarning is a warning for s, read as d, when s is a bare number
// under 100 that is not 0: a bare number is milliseconds, and "--timeout
// 30" was almost certainly meant as seconds. Otherwise it is "".
func (f Flag) ShortBareWarning(s string, d time.Duration) string {
	t := strings.TrimSpace(s)
	if !isDecimal(t) || d <= 0 || d >= 100*time.Millisecond {
		return ""
	}
	return fmt.Sprintf("%s %s is %v: a bare number is milliseconds (for seconds write %ss)", f.Name, t, d, t)
}

func (f Flag) rangeText() string {
	if f.AllowZero {
		return "0 to 24h"
	}
	return "more than 0, up to 24h"
}

// isDecimal reports whether s is spelled as a plain decimal number (digits,
// a point, an exponent), so that strconv's "NaN", "Inf" and hexadecimal
// forms are not milliseconds.
func isDecimal(s string) bool {
	if s == "" {
		return false
	}
	for i := 0; i < len(s); i++ {
		switch c := s[i]; {
		case c >= '0' && c <= '9', c == '.', c == 'e', c == 'E', c == '+', c == '-':
		default:
			return false
		}
	}
	return true
}
