package audit

import (
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"

	"github.com/hookexec/hookexec/internal/safefile"
)

// Files are where the decision log is read from: the current file and the
// one rotated out before it, and whether writing is on (HOOKEXEC_AUDIT).
type Files struct {
	Current, Rotated string
	Enabled          bool
}

// Locate is the log of the environment getenv reads.
func Locate(getenv func(string) string) (Files, error) {
	cur, rot, on, err := Paths(getenv)
	if err != nil {
		return Files{}, fmt.Errorf("decision log: %w", err)
	}
	return Files{Current: cur, Rotated: rot, Enabled: on}, nil
}

// Empty says, for a reader that found no record, where the log is and
// whether it is written at all.
func (l Files) Empty() string {
	msg := "no decisions recorded in " + l.Current
	if !l.Enabled {
		return msg + ": the decision log is off (" + EnvAudit + "=off)"
	}
	return msg + " yet: fire and serve add one line per event"
}

// reader reads one file of the log as it grows: the open file, what
// it is (to see it replaced by a rotation), how far it was read, and the
// line being read.
type reader struct {
	f   *os.File
	fi  fs.FileInfo
	off int64
	s   splitter
}

// open opens path for a reader; nil (and no error) when it is missing. A
// link or a special file at path is an error: nothing of it is read.
func open(path string) (*reader, error) {
	f, fi, err := safefile.OpenInput("decision log", path)
	if errors.Is(err, fs.ErrNotExist) {
		return nil, nil
	}
	if err != nil {
		return nil, err
	}
	return &reader{f: f, fi: fi}, nil
}

func (r *reader) close() {
	if r != nil {
		_ = r.f.Close()
	}
}

// next reads what was added since the last call, calling fn for each
// complete record; a line being written is kept for the next call.
func (r *reader) next(fn func(Entry), sk *Stats) error {
	line := func(b []byte) {
		if e, ok := decode(b, sk); ok {
			fn(e)
		}
	}
	buf := make([]byte, 64<<10)
	for {
		n, err := r.f.Read(buf)
		if n > 0 {
			r.s.feed(buf[:n], line, sk)
			r.off += int64(n)
		}
		if errors.Is(err, io.EOF) || (err == nil && n == 0) {
			return nil
		}
		if err != nil {
			return fmt.Errorf("decision log: %w", err)
		}
	}
}

// finish reads to the end, a last line without a newline included.
func (r *reader) finish(fn func(Entry), sk *Stats) error {
	err := r.next(fn, sk)
	r.s.flush(func(b []byte) {
		if e, ok := decode(b, sk); ok {
			fn(e)
		}
	})
	return err
}

// scan calls fn with the records of the rotated file and then the current
// one, oldest first; a missing file is an empty one. Both are opened
// before either is read, the current one first, so that a rotation while
// scanning loses nothing and repeats nothing: when the rotated name
// already holds the file opened as current, only that file is read. It
// returns the current file's reader, left open after its last complete
// line for a follower (nil when the file is missing), or closes it when
// finish is set, having read a last line without a newline too.
func (l Files) scan(fn func(Entry), finish bool) (*reader, Stats, error) {
	var sk Stats
	cur, err := open(l.Current)
	if err != nil {
		return nil, sk, err
	}
	old, err := open(l.Rotated)
	if err != nil {
		cur.close()
		return nil, sk, err
	}
	if old != nil {
		if cur == nil || !os.SameFile(old.fi, cur.fi) {
			err = old.finish(fn, &sk)
		}
		old.close()
		if err != nil {
			cur.close()
			return nil, sk, err
		}
	}
	if cur == nil {
		return nil, sk, nil
	}
	if finish {
		err = cur.finish(fn, &sk)
		cur.close()
		return nil, sk, err
	}
	if err := cur.next(fn, &sk); err != nil {
		cur.close()
		return nil, sk, err
	}
	return cur, sk, nil
}
