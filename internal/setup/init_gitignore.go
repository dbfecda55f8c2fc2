package setup

import (
	"bufio"
	"bytes"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
)

// ignoreLocalConfig adds LocalConfig to <root>/.gitignore: creates the
// file, or appends the line unless a line already ignores it. A
// .gitignore that is not a regular file (a symbolic link that could point
// anywhere) is left alone and reported as Skipped.
func ignoreLocalConfig(root string) (FileResult, error) {
	return appendIgnore(root, LocalConfig, ignoresLocalConfig, "init")
}

// appendIgnore adds line to <root>/.gitignore unless ignored says the file
// already ignores it (init's LocalConfig, install's uncommitted settings
// file): creates the file, or appends the line. A .gitignore that is not a
// regular file is left alone and reported as Skipped; verb names the
// command in errors.
func appendIgnore(root, line string, ignored func([]byte) bool, verb string) (FileResult, error) {
	const name = ".gitignore"
	p := filepath.Join(root, name)
	fi, err := os.Lstat(p)
	if errors.Is(err, fs.ErrNotExist) {
		if _, err := createNew(p, []byte(line+"\n"), 0o644); err != nil {
			return FileResult{}, err
		}
		return FileResult{Path: name, Status: Created, Note: line}, nil
	}
	if err != nil {
		return FileResult{}, fmt.Errorf("%s: %w", verb, err)
	}
	if !fi.Mode().IsRegular() {
		return FileResult{Path: name, Status: Skipped, Note: "not a regular file; add " + line + " to it yourself"}, nil
	}
	data, err := os.ReadFile(p)
	if err != nil {
		return FileResult{}, fmt.Errorf("%s: %w", verb, err)
	}
	if ignored(data) {
		return FileResult{Path: name, Status: Present, Note: line}, nil
	}
	add := line + "\n"
	if len(data) > 0 && data[len(data)-1] != '\n' {
		add = "\n" + add
	}
	f, err := os.OpenFile(p, os.O_WRONLY|os.O_APPEND, 0)
	if err != nil {
		return FileResult{}, fmt.Errorf("%s: %w", verb, err)
	}
	if _, err := f.WriteString(add); err != nil {
		_ = f.Close()
		return FileResult{}, fmt.Errorf("%s: %s: %w", verb, p, err)
	}
	if err := f.Close(); err != nil {
		return FileResult{}, fmt.Errorf("%s: %s: %w", verb, p, err)
	}
	return FileResult{Path: name, Status: Appended, Note: line}, nil
}

// ignoresLocalConfig reports whether a .gitignore has a line that ignores
// LocalConfig as init writes it, or in one of the usual spellings.
func ignoresLocalConfig(gitignore []byte) bool {
	sc := bufio.NewScanner(bytes.NewReader(gitignore))
	sc.Buffer(nil, len(gitignore)+1)
	for sc.Scan() {
		switch strings.TrimSpace(sc.Text()) {
		case LocalConfig, "/" + LocalConfig, "**/" + LocalConfig, "hooks.local.json", "**/hooks.local.json":
			return true
		}
	}
	return false
}
