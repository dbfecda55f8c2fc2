package safefile

import (
	"bytes"
	"io"
)

// ShellInert writes JSON text (zerolog's lines, the trace) with every '$'
// and '`' escaped as \u0024 and \u0060: the text stays the same JSON, and
// a line sourced or eval'ed by a shell (a log file that ends up in
// ~/.bashrc, `eval "$(cat hookexec.log)"`) expands no variable and runs
// no command substitution. In JSON text those two bytes occur only inside
// strings, whose quotes and backslash escapes a shell's double quotes read
// the same way, so nothing else in a line is active.
type ShellInert struct{ W io.Writer }

func (s ShellInert) Write(p []byte) (int, error) {
	if !bytes.ContainsAny(p, "$`") {
		return s.W.Write(p)
	}
	buf := make([]byte, 0, len(p)+32)
	for _, c := range p {
		switch c {
		case '$':
			buf = append(buf, `\u0024`...)
		case '`':
			buf = append(buf, `\u0060`...)
		default:
			buf = append(buf, c)
		}
	}
	if _, err := s.W.Write(buf); err != nil {
		return 0, err
	}
	return len(p), nil
}
