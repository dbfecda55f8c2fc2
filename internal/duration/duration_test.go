package duration

import (
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// The flags of fire, serve and plan.
var (
	timeoutFlag   = Flag{Name: "--timeout"}
	killGraceFlag = Flag{Name: "--kill-grace", AllowZero: true}
)

func TestFlagParse(t *testing.T) {
	t.Parallel()
	ok := []struct {
		flag Flag
		in   string
		want time.Duration
	}{
		{killGraceFlag, "0", 0},
		{killGraceFlag, "5s", 5 * time.Second},
		{killGraceFlag, " 250 ", 250 * time.Millisecond},
		{killGraceFlag, "86400000", 24 * time.Hour},
		{timeoutFlag, "24h", 24 * time.Hour},
		{timeoutFlag, "0.5", 500 * time.Microsecond},
		{timeoutFlag, "1e3", time.Second},
	}
	for _, c := range ok {
		d, err := c.flag.Parse(c.in)
		require.NoError(t, err, "%s %q", c.flag.Name, c.in)
		assert.Equal(t, c.want, d, "%s %q", c.flag.Name, c.in)
	}
	bad := []struct {
		flag Flag
		in   string
	}{
		{killGraceFlag, "1e30"}, {killGraceFlag, "1e13"}, {killGraceFlag, "inf"}, {killGraceFlag, "-Inf"},
		{killGraceFlag, "NaN"}, {killGraceFlag, "-1"}, {killGraceFlag, "-1s"}, {killGraceFlag, "86400001"},
		{killGraceFlag, "24h0m0.000000001s"}, {killGraceFlag, "9223372036854775807ns0s"}, {killGraceFlag, "3000000h"},
		{killGraceFlag, "0x1p4"}, {killGraceFlag, "1e400"}, {killGraceFlag, ""}, {killGraceFlag, "soon"},
		{timeoutFlag, "0"}, {timeoutFlag, "0s"}, {timeoutFlag, "1e-9"}, {timeoutFlag, "nan"}, {timeoutFlag, "infinity"},
	}
	for _, c := range bad {
		_, err := c.flag.Parse(c.in)
		require.Error(t, err, "%s %q", c.flag.Name, c.in)
		assert.Contains(t, err.Error(), "invalid "+c.flag.Name)
		assert.Contains(t, err.Error(), "24h")
	}
}

func TestShortBareWarning(t *testing.T) {
	t.Parallel()
	for _, tt := range []struct {
		f    Flag
		in   string
		want string
	}{
		{timeoutFlag, "30", "--timeout 30 is 30ms: a bare number is milliseconds (for seconds write 30s)"},
		{timeoutFlag, " 99.5 ", "--timeout 99.5 is 99.5ms: a bare number is milliseconds (for seconds write 99.5s)"},
		{killGraceFlag, "1", "--kill-grace 1 is 1ms: a bare number is milliseconds (for seconds write 1s)"},
		{timeoutFlag, "100", ""},
		{timeoutFlag, "30ms", ""},
		{timeoutFlag, "30s", ""},
		{killGraceFlag, "0", ""},
	} {
		d, err := tt.f.Parse(tt.in)
		if err != nil {
			t.Fatal(err)
		}
		if got := tt.f.ShortBareWarning(tt.in, d); got != tt.want {
			t.Errorf("%s %q: got %q, want %q", tt.f.Name, tt.in, got, tt.want)
		}
	}
}
