package server

import (
	"io"
	"strings"
	"testing"
	"testing/iotest"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

type readLine struct {
	line    string
	tooLong bool
}

func readAll(t *testing.T, r io.Reader, max int) []readLine {
	t.Helper()
	lr := newLineReader(r, max)
	var out []readLine
	for {
		line, tooLong, err := lr.next()
		if err == io.EOF {
			return out
		}
		require.NoError(t, err)
		out = append(out, readLine{string(line), tooLong})
	}
}

func TestLineReader(t *testing.T) {
	t.Parallel()
	big := strings.Repeat("y", 200<<10) // over bufio's 64 KiB buffer
	tests := []struct {
		name  string
		input string
		max   int
		want  []readLine
	}{
		{"lines", "a\nbb\r\n\nccc", 10, []readLine{{"a", false}, {"bb", false}, {"", false}, {"ccc", false}}},
		{"exactly max", "12345\n6\n", 5, []readLine{{"12345", false}, {"6", false}}},
		{"one over max", "123456\n7\n", 5, []readLine{{"123456", true}, {"7", false}}},
		{"unterminated over max", "123456", 5, []readLine{{"123456", true}}},
		{"long line is dropped, its start kept", big + "\nnext\n", 100 << 10, []readLine{{big[:prefixKept], true}, {"next", false}}},
		{"long line within max", big + "\nnext\n", 300 << 10, []readLine{{big, false}, {"next", false}}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			assert.Equal(t, tt.want, readAll(t, strings.NewReader(tt.input), tt.max))
			// The same, a byte at a time.
			assert.Equal(t, tt.want, readAll(t, iotest.OneByteReader(strings.NewReader(tt.input)), tt.max))
		})
	}
}
