package audit

import (
	"context"
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
	f := &follower{log: l}
	if cur != nil {
		f.fi, f.off, f.s = cur.fi, cur.off, cur.s
		cur.close()
	}
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

// follower is the state of Follow: the file read so far (nil before
// there is one), how far, and the line being read. No file is held open
// between polls, so that the writer can rotate it on every system
// (Windows cannot rename a file another process holds open).
type follower struct {
	log Files
	fi  fs.FileInfo
	off int64
	s   splitter
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

// poll reads what is new. When the path names another file than the one
// read so far (rotated: renamed to the rotated name and started again),
// the rest of the old file is read first, under its new name, then the new
// file from its start; a file shorter than what was read (truncated) is
// read again from its start.
func (f *follower) poll(fn func(Entry), sk *Stats) error {
	cur, err := open(f.log.Current)
	if err != nil {
		return err
	}
	defer cur.close()
	if f.fi != nil && (cur == nil || !os.SameFile(f.fi, cur.fi)) {
		if err := f.finishRotated(fn, sk); err != nil {
			return err
		}
		f.fi, f.off, f.s = nil, 0, splitter{}
	}
	if cur == nil {
		return nil // not started (again) yet
	}
	if f.fi == nil {
		f.fi = cur.fi
	}
	if cur.fi.Size() < f.off {
		f.off, f.s = 0, splitter{}
	}
	return f.resume(cur, fn, sk, false)
}

// finishRotated reads the rest of the file read so far if it is now the
// rotated file (else its rest is lost: rotated twice between two polls).
func (f *follower) finishRotated(fn func(Entry), sk *Stats) error {
	old, err := open(f.log.Rotated)
	if err != nil || old == nil {
		return err
	}
	defer old.close()
	if !os.SameFile(f.fi, old.fi) {
		return nil
	}
	return f.resume(old, fn, sk, true)
}

// resume reads r from where the follower was, to its end (finish: a last
// line without a newline too), and keeps where it got to.
func (f *follower) resume(r *reader, fn func(Entry), sk *Stats, finish bool) error {
	if _, err := r.f.Seek(f.off, io.SeekStart); err != nil {
		return fmt.Errorf("decision log: %w", err)
	}
	r.off, r.s = f.off, f.s
	read := r.next
	if finish {
		read = r.finish
	}
	err := read(fn, sk)
	f.off, f.s = r.off, r.s
	return err
}
