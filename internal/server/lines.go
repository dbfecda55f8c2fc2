package server

import (
	"bufio"
	"errors"
	"io"
)

// prefixKept is how much of an oversized line is kept to look for its
// correlationId.
const prefixKept = 4 << 10

// lineReader reads newline-terminated lines of at most max bytes in
// bounded memory: the rest of a longer line is read and dropped.
type lineReader struct {
	br  *bufio.Reader
	max int
}

func newLineReader(r io.Reader, max int) *lineReader {
	return &lineReader{br: bufio.NewReaderSize(r, 64<<10), max: max}
}

// next returns the next line without its line ending. tooLong reports a
// line over max: line then holds only its first bytes. The error is
// io.EOF at the end of the input (after a last unterminated line, which
// is returned first).
func (l *lineReader) next() (line []byte, tooLong bool, err error) {
	for {
		chunk, err := l.br.ReadSlice('\n')
		n := len(line) + len(chunk)
		if err == nil {
			n-- // the newline
		}
		if !tooLong && n > l.max {
			tooLong = true
			line = line[:min(len(line), prefixKept)]
		}
		if tooLong {
			chunk = chunk[:min(len(chunk), max(0, prefixKept-len(line)))]
		}
		line = append(line, chunk...)
		switch {
		case errors.Is(err, bufio.ErrBufferFull):
			continue
		case errors.Is(err, io.EOF) && len(line) > 0:
			return trimEOL(line), tooLong, nil
		case err != nil:
			return nil, false, err
		}
		return trimEOL(line), tooLong, nil
	}
}

func trimEOL(b []byte) []byte {
	if n := len(b); n > 0 && b[n-1] == '\n' {
		b = b[:n-1]
	}
	if n := len(b); n > 0 && b[n-1] == '\r' {
		b = b[:n-1]
	}
	return b
}
