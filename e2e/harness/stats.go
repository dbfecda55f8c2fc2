package harness

import (
	"slices"
	"time"
)

// Quartiles are the first quartile, median and third quartile of a sample
// of durations (linear interpolation between the closest ranks); all zero
// for an empty sample.
type Quartiles struct {
	Q1, Median, Q3 time.Duration
}

// Quartile computes the Quartiles of ds, which it does not change.
func Quartile(ds []time.Duration) Quartiles {
	if len(ds) == 0 {
		return Quartiles{}
	}
	s := slices.Clone(ds)
	slices.Sort(s)
	at := func(p float64) time.Duration {
		pos := p * float64(len(s)-1)
		i := int(pos)
		if i+1 >= len(s) {
			return s[len(s)-1]
		}
		return s[i] + time.Duration((pos-float64(i))*float64(s[i+1]-s[i]))
	}
	return Quartiles{Q1: at(0.25), Median: at(0.5), Q3: at(0.75)}
}
