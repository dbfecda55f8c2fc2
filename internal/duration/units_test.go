package duration

import (
	"math"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
)

func TestUnits(t *testing.T) {
	t.Parallel()
	tests := []struct {
		n    float64
		unit time.Duration
		want time.Duration
		ok   bool
	}{
		{0, time.Millisecond, 0, true},
		{1.5, time.Second, 1500 * time.Millisecond, true},
		{0.5, time.Millisecond, 500 * time.Microsecond, true},
		{1e-7, time.Millisecond, 0, true}, // rounds to 0: the callers refuse it
		{86400000, time.Millisecond, 24 * time.Hour, true},
		{-1, time.Millisecond, 0, false},
		{math.NaN(), time.Second, 0, false},
		{math.Inf(1), time.Second, 0, false},
		{1e13, time.Second, 0, false}, // overflows time.Duration
		{float64(math.MaxInt64), time.Nanosecond, 0, false},
	}
	for _, tt := range tests {
		d, ok := Units(tt.n, tt.unit)
		assert.Equal(t, tt.ok, ok, "%v × %v", tt.n, tt.unit)
		assert.Equal(t, tt.want, d, "%v × %v", tt.n, tt.unit)
	}
}
