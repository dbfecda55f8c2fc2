package audit

import (
	"bytes"
	"encoding/json"
	"fmt"
	"strings"
	"time"
)

// MaxLineBytes bounds one line read back: a longer line is skipped (and
// counted), never held whole in memory.
const MaxLineBytes = 1 << 20

// Entry is one record read back: the record, its time parsed, and the
// line as it is stored (without its newline), which --json prints as is.
type Entry struct {
	Record
	At   time.Time
	Line []byte
}

// Stats counts the lines read back: the records, and the lines skipped
// because they were not JSON of a record (or had no valid time), were
// longer than MaxLineBytes, or were of a version this hookexec does not
// know.
type Stats struct {
	Records, Malformed, TooLong, Unknown int
}

// Skipped is how many lines were skipped.
func (s Stats) Skipped() int { return s.Malformed + s.TooLong + s.Unknown }

// String says what was skipped, for one warning ("" when nothing was).
func (s Stats) String() string {
	var parts []string
	if s.Malformed > 0 {
		parts = append(parts, plural(s.Malformed, "malformed line"))
	}
	if s.TooLong > 0 {
		parts = append(parts, plural(s.TooLong, "line")+fmt.Sprintf(" over %d MiB", MaxLineBytes>>20))
	}
	if s.Unknown > 0 {
		parts = append(parts, plural(s.Unknown, "line")+fmt.Sprintf(" of a record version other than %d (written by another hookexec)", Version))
	}
	if len(parts) == 0 {
		return ""
	}
	return "skipped " + strings.Join(parts, ", ")
}

func plural(n int, what string) string {
	if n == 1 {
		return "1 " + what
	}
	return fmt.Sprintf("%d %ss", n, what)
}

// splitter cuts a stream fed in chunks into lines of at most
// MaxLineBytes; the bytes of a longer line are dropped as they come.
type splitter struct {
	buf      []byte
	skipping bool // in a line over the bound, dropped up to its newline
}

// feed splits p, calling line for each complete line (valid until it
// returns) and counting the lines over the bound in sk.
func (s *splitter) feed(p []byte, line func([]byte), sk *Stats) {
	for len(p) > 0 {
		i := bytes.IndexByte(p, '\n')
		chunk := p
		if i >= 0 {
			chunk = p[:i]
		}
		if !s.skipping {
			if len(s.buf)+len(chunk) > MaxLineBytes {
				s.skipping, s.buf = true, s.buf[:0]
				sk.TooLong++
			} else {
				s.buf = append(s.buf, chunk...)
			}
		}
		if i < 0 {
			return
		}
		if !s.skipping {
			line(s.buf)
		}
		s.skipping, s.buf = false, s.buf[:0]
		p = p[i+1:]
	}
}

// flush ends the stream: a last line without a newline is a line too.
func (s *splitter) flush(line func([]byte)) {
	if !s.skipping && len(s.buf) > 0 {
		line(s.buf)
	}
	s.skipping, s.buf = false, s.buf[:0]
}

// decode reads one line into an Entry (copying it), false when it is
// skipped (counted in sk). Blank lines are no records and not counted.
func decode(line []byte, sk *Stats) (Entry, bool) {
	line = bytes.TrimSuffix(line, []byte("\r"))
	if len(bytes.TrimSpace(line)) == 0 {
		return Entry{}, false
	}
	var e Entry
	if err := json.Unmarshal(line, &e.Record); err != nil {
		var v struct {
			V int `json:"v"`
		}
		if json.Unmarshal(line, &v) == nil && v.V != 0 && v.V != Version {
			sk.Unknown++
		} else {
			sk.Malformed++
		}
		return Entry{}, false
	}
	if e.V != Version {
		if e.V == 0 {
			sk.Malformed++
		} else {
			sk.Unknown++
		}
		return Entry{}, false
	}
	at, err := time.Parse(time.RFC3339Nano, e.Time)
	if err != nil {
		sk.Malformed++
		return Entry{}, false
	}
	e.At = at
	sk.Records++
	e.Line = bytes.Clone(line)
	return e, true
}
