package notices

import (
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"strings"

	"github.com/hookexec/hookexec/internal/dirs"
	"github.com/hookexec/hookexec/internal/event"
	"github.com/hookexec/hookexec/internal/safefile"
)

// MaxFiles bounds the directory: past it, the oldest markers are removed
// until KeepFiles are left.
const (
	MaxFiles  = 512
	KeepFiles = 256
)

// maxRemembered is how many notices a session's marker remembers (the
// notice of hooks left out, and each warning about a hook's answer); past
// it the oldest is forgotten, and told again if it comes again.
const maxRemembered = 32

// maxMarker bounds a marker file: maxRemembered hex sha256 lines.
const maxMarker = maxRemembered * 65

// Log is the memory of one session; the zero value (or nil) remembers
// nothing. It implements verdict.NoticeLog.
type Log struct {
	dir, anchor string
	session     string
}

// Dir is where the markers live for the environment getenv reads; "" when
// no variable locates it.
func Dir(getenv func(string) string) string {
	dir, _ := locate(getenv)
	return dir
}

// locate is Dir and its anchor: a directory that must exist already
// (the home directory, or the one XDG_STATE_HOME is in), so that hookexec
// never makes up a home directory that is not there.
func locate(getenv func(string) string) (dir, anchor string) {
	state, anchor := dirs.UserState(getenv)
	if state == "" {
		return "", ""
	}
	return filepath.Join(state, "notices"), anchor
}

// Open is the memory of the session sessionID in the environment getenv
// reads. Without a session id there is nothing to remember by: the
// returned log never says a notice was given.
func Open(getenv func(string) string, sessionID string) *Log {
	if strings.TrimSpace(sessionID) == "" {
		return &Log{}
	}
	dir, anchor := locate(getenv)
	return &Log{dir: dir, anchor: anchor, session: sessionID}
}

// ForInput is Open for the session of an event input (its session_id);
// nil when there is no input.
func ForInput(getenv func(string) string, in *event.Input) *Log {
	if in == nil {
		return nil
	}
	session, _ := in.String("session_id")
	return Open(getenv, session)
}

// Given reports whether notice was given in this session already, and
// records it as given. A different notice (the configs changed, another
// warning) is not given yet; a session remembers maxRemembered notices.
// Any failure to read or write the state reports false.
func (l *Log) Given(notice string) bool {
	if l == nil || l.dir == "" || l.session == "" {
		return false
	}
	if err := l.checkDir(); err != nil {
		return false
	}
	want := hashHex(notice)
	path := filepath.Join(l.dir, hashHex(l.session)[:32])
	given, err := readMarker(path)
	if err == nil && slices.Contains(given, want) {
		return true
	}
	given = append(given, want)
	given = given[max(0, len(given)-maxRemembered):]
	if l.write(path, strings.Join(given, "\n")) == nil {
		l.prune()
	}
	return false
}

func hashHex(s string) string {
	sum := sha256.Sum256([]byte(s))
	return hex.EncodeToString(sum[:])
}

// checkDir creates the directory (0700) if need be, under an anchor that
// exists, and refuses one that is a link, not a directory, or that someone
// else owns or can write.
func (l *Log) checkDir() error {
	if fi, err := os.Stat(l.anchor); err != nil || !fi.IsDir() {
		return errors.New("notices: no home or state directory")
	}
	if err := os.MkdirAll(l.dir, 0o700); err != nil {
		return err
	}
	fi, err := os.Lstat(l.dir)
	if err != nil {
		return err
	}
	if !fi.IsDir() {
		return errors.New("notices: not a directory")
	}
	return safefile.CheckOwner(l.dir, fi)
}

// readMarker reads the notices a marker remembers (hashes, one a line),
// from a regular file only (a link is never followed).
func readMarker(path string) ([]string, error) {
	fi, err := os.Lstat(path)
	if err != nil {
		return nil, err
	}
	if !fi.Mode().IsRegular() || fi.Size() > maxMarker {
		return nil, errors.New("notices: not a marker")
	}
	b, err := os.ReadFile(path)
	if err != nil {
		return nil, err
	}
	return strings.Fields(string(b)), nil
}

// write replaces the marker at path by rename, so that a link there is
// replaced, never written through.
func (l *Log) write(path, content string) error {
	f, err := os.CreateTemp(l.dir, ".new-*")
	if err != nil {
		return err
	}
	tmp := f.Name()
	_, werr := f.WriteString(content + "\n")
	if cerr := f.Close(); werr == nil {
		werr = cerr
	}
	if werr == nil {
		werr = os.Rename(tmp, path)
	}
	if werr != nil {
		_ = os.Remove(tmp)
	}
	return werr
}

// prune keeps the directory bounded: past MaxFiles markers, the oldest go
// until KeepFiles are left.
func (l *Log) prune() {
	entries, err := os.ReadDir(l.dir)
	if err != nil || len(entries) <= MaxFiles {
		return
	}
	type marker struct {
		name string
		info fs.FileInfo
	}
	var ms []marker
	for _, e := range entries {
		if info, err := e.Info(); err == nil && info.Mode().IsRegular() {
			ms = append(ms, marker{e.Name(), info})
		}
	}
	slices.SortFunc(ms, func(a, b marker) int { return a.info.ModTime().Compare(b.info.ModTime()) })
	for _, m := range ms[:max(0, len(ms)-KeepFiles)] {
		_ = os.Remove(filepath.Join(l.dir, m.name))
	}
}
