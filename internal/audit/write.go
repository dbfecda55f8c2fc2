package audit

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"strings"

	"github.com/hookexec/hookexec/internal/dirs"
	"github.com/hookexec/hookexec/internal/safefile"
)

// Log appends records to the decision log. Build it with Open; a nil Log
// writes nothing (HOOKEXEC_AUDIT=off).
type Log struct {
	// Path is the current file, Rotated the file it is rotated to when it
	// passes Max bytes.
	Path, Rotated string
	Max           int64
	// anchor must exist for the default directory to be made ("" for
	// HOOKEXEC_AUDIT_FILE); mkdir says the directory is the default one.
	anchor string
	mkdir  bool
	// OpenFile opens Path for appending; nil: safefile.OpenOutput. Tests
	// give a writer that fails.
	OpenFile func(path string) (File, error)
}

// File is what Append writes one line to and may rotate.
type File interface {
	io.WriteCloser
	Stat() (os.FileInfo, error)
}

// Open is the log of the environment getenv reads: nil when
// HOOKEXEC_AUDIT is off. warnings are for the caller's log (an unknown
// HOOKEXEC_AUDIT value; no place for the log, which is then nil).
func Open(getenv func(string) string) (l *Log, warnings []string) {
	enabled, w := Setting(getenv)
	if w != "" {
		warnings = append(warnings, w)
	}
	if !enabled {
		return nil, warnings
	}
	current, rotated, _, err := Paths(getenv)
	if err != nil {
		return nil, append(warnings, "decision log: "+err.Error())
	}
	l = &Log{Path: current, Rotated: rotated, Max: MaxBytes}
	if getenv(EnvFile) == "" {
		_, l.anchor = dirs.UserState(getenv)
		l.mkdir = true
	}
	return l, warnings
}

// Append writes r as one line, in one write with O_APPEND so that lines
// of concurrent writers never interleave, after rotating the file when it
// has passed Max. project is the event's project directory: a log that
// HOOKEXEC_AUDIT_FILE puts inside it is refused (a repository must not
// read or grow the user's record). The default file, in the user's state
// directory, is the user's wherever the event came from (an agent run in
// the home directory has it as its project).
// The error says why nothing was written; it never matters to a verdict.
func (l *Log) Append(r Record, project string) error {
	if l == nil {
		return nil
	}
	if !l.mkdir && project != "" && inside(l.Path, project) {
		return fmt.Errorf("decision log %s is inside the project %s; not written (set %s outside any project)", l.Path, project, EnvFile)
	}
	var buf bytes.Buffer
	enc := json.NewEncoder(&buf)
	enc.SetEscapeHTML(false) // commands read as written: 2>&1, not 2\u003e\u00261
	if err := enc.Encode(r); err != nil {
		return fmt.Errorf("decision log: encoding the record: %w", err)
	}
	line := buf.Bytes() // one line: Encode ends it with a newline
	if err := l.prepareDir(); err != nil {
		return err
	}
	f, err := l.open()
	if err != nil {
		return err
	}
	if f, err = l.rotate(f); err != nil {
		return err
	}
	_, werr := f.Write(line)
	cerr := f.Close()
	if werr == nil {
		werr = cerr
	}
	if werr != nil {
		return fmt.Errorf("decision log %s: %w", l.Path, werr)
	}
	return nil
}

func (l *Log) open() (File, error) {
	if l.OpenFile != nil {
		return l.OpenFile(l.Path)
	}
	f, err := safefile.OpenOutput("decision log", l.Path, os.O_APPEND)
	if err != nil {
		return nil, err
	}
	return f, nil
}

// prepareDir makes the default directory (0700) under an anchor that
// exists, and refuses one that is a link or that someone else owns or can
// write. A HOOKEXEC_AUDIT_FILE's directory must exist.
func (l *Log) prepareDir() error {
	if !l.mkdir {
		return nil
	}
	dir := filepath.Dir(l.Path)
	fi, err := os.Lstat(dir)
	if errors.Is(err, fs.ErrNotExist) {
		// Made once; every later fire finds it with the one Lstat above.
		if afi, err := os.Stat(l.anchor); err != nil || !afi.IsDir() {
			return fmt.Errorf("decision log: no home or state directory (%s)", l.anchor)
		}
		if err := os.MkdirAll(dir, 0o700); err != nil {
			return fmt.Errorf("decision log: %w", err)
		}
		fi, err = os.Lstat(dir)
	}
	if err != nil {
		return fmt.Errorf("decision log: %w", err)
	}
	if !fi.IsDir() {
		return fmt.Errorf("decision log: %s is not a directory", dir)
	}
	if err := safefile.CheckOwner(dir, fi); err != nil {
		return fmt.Errorf("decision log: %w", err)
	}
	return nil
}

// inside reports whether path is in dir or below it, as written or with
// links resolved.
func inside(path, dir string) bool {
	if within(path, dir) {
		return true
	}
	rdir, err1 := filepath.EvalSymlinks(dir)
	rparent, err2 := filepath.EvalSymlinks(filepath.Dir(path))
	return err1 == nil && err2 == nil && within(filepath.Join(rparent, filepath.Base(path)), rdir)
}

func within(path, dir string) bool {
	rel, err := filepath.Rel(filepath.Clean(dir), filepath.Clean(path))
	return err == nil && rel != ".." && !strings.HasPrefix(rel, ".."+string(filepath.Separator)) && !filepath.IsAbs(rel)
}
