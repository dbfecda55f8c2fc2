package server

import (
	"math/rand/v2"
	"regexp"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
)

// TestCorrelationIDInMatchesRegexp: the hand-written reader finds what the
// regular expression it replaced (once compiled at start-up) finds,
// on tricky lines and random ones.
func TestCorrelationIDInMatchesRegexp(t *testing.T) {
	t.Parallel()
	re := regexp.MustCompile(`"correlationId"\s*:\s*"([^"\\]{1,256})"`)
	want := func(b []byte) string {
		if m := re.FindSubmatch(b); m != nil {
			return string(m[1])
		}
		return ""
	}
	lines := []string{
		``, `"correlationId"`, `"correlationId":`, `"correlationId":"`, `"correlationId":""`,
		`"correlationId":"a"`, "\"correlationId\" \t\n\f\r: \r\n\"a b\"", `"correlationId"\v:"a"`,
		`"correlationId":"a\"b"`, `"correlationId":"a\\"`, `"correlationId":"` + strings.Repeat("x", 256) + `"`,
		`"correlationId":"` + strings.Repeat("x", 257) + `"`, `"correlationId":"` + strings.Repeat("é", 256) + `"`,
		`"correlationId":"` + strings.Repeat("é", 257) + `"`, "\"correlationId\":\"\xff\xfe\"",
		`"correlationId":7,"correlationId":"second"`, `"correlationId"correlationId":"overlap"`,
		`{"payload": {"correlationId" : "x-1", "input": {"a":`, `"correlationid":"case"`,
	}
	for _, l := range lines {
		assert.Equal(t, want([]byte(l)), correlationIDIn([]byte(l)), "%q", l)
	}
	parts := []string{`"correlationId"`, `:`, ` `, "\t", `"`, `\`, `a`, `é`, "\xff", `,`, `{`, strings.Repeat("y", 200)}
	r := rand.New(rand.NewPCG(21, 21))
	for range 5000 {
		var b strings.Builder
		for range r.IntN(12) {
			b.WriteString(parts[r.IntN(len(parts))])
		}
		l := b.String()
		assert.Equal(t, want([]byte(l)), correlationIDIn([]byte(l)), "%q", l)
	}
}
