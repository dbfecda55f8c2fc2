package registry

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
)

// fileSpec is one config file to load.
type fileSpec struct {
	path     string
	source   Source
	dialect  Dialect
	explicit bool   // named by --config or HOOKEXEC_CONFIG: it must exist
	extDir   string // the extension's directory, for ${extensionPath}
	inline   *Inline
}

// read returns the file's contents (an inline config's data).
func (s fileSpec) read() ([]byte, error) {
	if s.inline != nil {
		return s.inline.Data, nil
	}
	return os.ReadFile(s.path)
}

// configFiles lists the files to load (SPEC §2.3): an inline config, else
// the explicit files if any, else the discovered ones in source order.
func configFiles(opts Options, getenv func(string) string) ([]fileSpec, error) {
	if in := opts.Inline; in != nil {
		d := opts.Dialect
		if d == "" {
			d = Native
		}
		return []fileSpec{{path: in.Name, source: Runtime, dialect: d, explicit: true, inline: in}}, nil
	}
	explicit := opts.Configs
	if len(explicit) == 0 {
		for _, p := range strings.Split(getenv("HOOKEXEC_CONFIG"), ":") {
			if p != "" {
				explicit = append(explicit, p)
			}
		}
	}
	if len(explicit) > 0 {
		specs := make([]fileSpec, 0, len(explicit))
		for _, p := range explicit {
			if p == "" {
				return nil, errors.New("registry: empty config file name")
			}
			d := opts.Dialect
			if d == "" {
				d = DetectDialect(p)
			}
			specs = append(specs, fileSpec{path: p, source: Runtime, dialect: d, explicit: true})
		}
		return specs, nil
	}
	project := opts.ProjectDir
	if project == "" {
		wd, err := os.Getwd()
		if err != nil {
			return nil, fmt.Errorf("registry: project directory: %w", err)
		}
		project = wd
	}
	return discover(project, getenv)
}

// discover lists the candidate files of project, user, system and extension
// sources. Candidates may not exist; extension directories are listed here.
func discover(project string, getenv func(string) string) ([]fileSpec, error) {
	var specs []fileSpec
	add := func(path string, src Source) {
		specs = append(specs, fileSpec{path: path, source: src, dialect: DetectDialect(path)})
	}
	projectDir := filepath.Join(project, ".hookexec")
	add(filepath.Join(projectDir, "hooks.json"), Project)
	add(filepath.Join(projectDir, "hooks.local.json"), Project)

	userDir := userConfigDir(getenv)
	if userDir != "" {
		add(filepath.Join(userDir, "hooks.json"), User)
	}

	systemDir := getenv("HOOKEXEC_SYSTEM_DIR")
	if systemDir == "" {
		systemDir = "/etc/hookexec"
	}
	add(filepath.Join(systemDir, "hooks.json"), System)

	roots := []string{filepath.Join(projectDir, "extensions")}
	if userDir != "" {
		roots = append(roots, filepath.Join(userDir, "extensions"))
	}
	for _, root := range roots {
		dirs, err := extensionDirs(root)
		if err != nil {
			return nil, err
		}
		for _, dir := range dirs {
			path := filepath.Join(dir, "hooks.json")
			specs = append(specs, fileSpec{path: path, source: Extension, dialect: DetectDialect(path), extDir: dir})
		}
	}
	return specs, nil
}

// userConfigDir is ${XDG_CONFIG_HOME:-$HOME/.config}/hookexec, or "" when
// neither variable is set.
func userConfigDir(getenv func(string) string) string {
	base := getenv("XDG_CONFIG_HOME")
	if base == "" {
		home := getenv("HOME")
		if home == "" {
			return ""
		}
		base = filepath.Join(home, ".config")
	}
	return filepath.Join(base, "hookexec")
}

// extensionDirs returns the subdirectories of root sorted by name (byte
// order). A missing root is no extension; an unreadable one is an error.
func extensionDirs(root string) ([]string, error) {
	entries, err := os.ReadDir(root) // sorted by file name
	if err != nil {
		if errors.Is(err, fs.ErrNotExist) {
			return nil, nil
		}
		return nil, &Error{Pos: Position{File: root}, Msg: "cannot read extensions directory: " + unwrapPathError(err).Error(), Err: err}
	}
	var dirs []string
	for _, e := range entries {
		dir := filepath.Join(root, e.Name())
		if e.Type()&fs.ModeSymlink != 0 {
			if fi, err := os.Stat(dir); err != nil || !fi.IsDir() {
				continue
			}
		} else if !e.IsDir() {
			continue
		}
		dirs = append(dirs, dir)
	}
	return dirs, nil
}

// unwrapPathError strips the operation and path of an *fs.PathError, which
// the diagnostic's position already names.
func unwrapPathError(err error) error {
	var pe *fs.PathError
	if errors.As(err, &pe) {
		return pe.Err
	}
	return err
}
