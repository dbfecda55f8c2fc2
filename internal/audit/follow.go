package audit

import (
	"context"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"time"
)

// FollowInterval is how often a follower looks for new records.
const FollowInterval = 250 * time.Millisecond

// Follow calls fn with the last n records q picks (n <= 0: all), then
// with the new ones as they are written (each time some are), until ctx
// is done (then it returns nil) or fn fails. Every interval it reads what was appended to the
// current file. A rotation (the file renamed to the rotated name and a
// new one started) is followed: the rest of the old file, then the new one
// from its start; a file cut shorter than what was read is read again
// from its start. status is told what the first read found, and then of
// the lines skipped as they come.
func (l Files) Follow(ctx context.Context, q Query, n int, interval time.Duration, fn func([]Entry) error, status func(Stats)) error {
	keep := lastN(n)
	cur, sk, err := l.scan(func(e Entry) {
		if q.Match(e) {
			keep.add(e)
		}
	}, false)
	if err != nil {
		return err
	}
	f := &follower{log: l, cur: cur}
	defer func() { f.cur.close() }()
	status(sk)
	if err := f.emit(keep.list(), Stats{}, fn, status); err != nil {
		return err
	}
	tick := time.NewTicker(interval)
	defer tick.Stop()
	for {
		select {
		case <-ctx.Done():
			return nil
		case <-tick.C:
		}
		var got []Entry
		var sk Stats
		err := f.poll(func(e Entry) {
			if q.Match(e) {
				got = append(got, e)
			}
		}, &sk)
		if err != nil {
			return err
		}
		if err := f.emit(got, sk, fn, status); err != nil {
			return err
		}
	}
}

// follower is the state of Follow: the current file's reader (nil while
// there is none).
type follower struct {
	log Files
	cur *reader
}

func (f *follower) emit(es []Entry, sk Stats, fn func([]Entry) error, status func(Stats)) error {
	if sk.Skipped() > 0 {
		status(sk)
	}
	if len(es) == 0 {
		return nil
	}
	return fn(es)
}

// poll reads what is new: the rest of the file read so far, and then,
// when the path names another file (rotated) or a shorter one
// (truncated), the file at the path from its start.
func (f *follower) poll(fn func(Entry), sk *Stats) error {
	if f.cur != nil {
		if err := f.cur.next(fn, sk); err != nil {
			return err
		}
	}
	fi, err := os.Lstat(f.log.Current)
	switch {
	case errors.Is(err, fs.ErrNotExist):
		return nil // rotated away and not started again yet
	case err != nil:
		return fmt.Errorf("decision log: %w", err)
	case f.cur == nil || !os.SameFile(f.cur.fi, fi):
		if f.cur != nil {
			err := f.cur.finish(fn, sk)
			f.cur.close()
			f.cur = nil
			if err != nil {
				return err
			}
		}
		if f.cur, err = open(f.log.Current); err != nil || f.cur == nil {
			return err
		}
		return f.cur.next(fn, sk)
	case fi.Size() < f.cur.off:
		if _, err := f.cur.f.Seek(0, io.SeekStart); err != nil {
			return fmt.Errorf("decision log: %w", err)
		}
		f.cur.off, f.cur.s = 0, splitter{}
		return f.cur.next(fn, sk)
	}
	return nil
}
