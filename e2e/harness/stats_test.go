package harness

import (
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
)

func TestQuartile(t *testing.T) {
	t.Parallel()
	ms := func(v ...int) []time.Duration {
		var ds []time.Duration
		for _, x := range v {
			ds = append(ds, time.Duration(x)*time.Millisecond)
		}
		return ds
	}
	assert.Equal(t, Quartiles{}, Quartile(nil))
	assert.Equal(t, Quartiles{Q1: 7 * time.Millisecond, Median: 7 * time.Millisecond, Q3: 7 * time.Millisecond}, Quartile(ms(7)))
	in := ms(9, 1, 5, 3, 7)
	assert.Equal(t, Quartiles{Q1: 3 * time.Millisecond, Median: 5 * time.Millisecond, Q3: 7 * time.Millisecond}, Quartile(in))
	assert.Equal(t, ms(9, 1, 5, 3, 7), in, "the sample is left as it was")
	// Between ranks: 1 2 3 4 -> q1 at 0.75, median at 1.5, q3 at 2.25.
	assert.Equal(t, Quartiles{Q1: 1750 * time.Microsecond, Median: 2500 * time.Microsecond, Q3: 3250 * time.Microsecond}, Quartile(ms(4, 3, 2, 1)))
}
