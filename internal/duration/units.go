package duration

import (
	"math"
	"time"
)

// Units is n units as a duration, rounded to the nanosecond: the one rule
// by which a number becomes a duration, for a config's "timeout" (in its
// dialect's unit) and for a bare number given to --timeout or --kill-grace
// (milliseconds). ok is false for NaN, infinities, negative numbers and
// values a time.Duration cannot hold. A Go duration string ("1m30s") is
// read by time.ParseDuration in both places; the callers bound the result
// and word their own messages.
func Units(n float64, unit time.Duration) (d time.Duration, ok bool) {
	f := n * float64(unit)
	if math.IsNaN(f) || f < 0 || f >= math.MaxInt64 {
		return 0, false
	}
	return time.Duration(math.Round(f)), true
}
