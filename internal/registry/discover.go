package registry

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"

	"github.com/hookexec/hookexec/internal/dirs"
)

// fileSpec is one config file to load.
type fileSpec struct {
	path     string
	source   Source
	dialect  Dialect
	explicit bool // named by --config or HOOKEXEC_CONFIG: it must exist
	// detected: the dialect of an explicit file comes from its location
	// (DetectDialect), not from --dialect.
	detected bool
	extDir   string // the extension's directory, for ${extensionPath}
	inline   *Inline
	// projectRel is set for discovered project files (the project's own
	// and its extensions, SPEC §2.4): the path relative to the project
	// directory, slash-separated (".hookexec/hooks.json").
	projectRel string
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
		// ":"-separated, ";" on Windows (a path there has a colon).
		for _, p := range filepath.SplitList(getenv("HOOKEXEC_CONFIG")) {
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
			specs = append(specs, fileSpec{path: p, source: Runtime, dialect: d, explicit: true, detected: opts.Dialect == ""})
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
	specs := projectFiles(project)
	var exts []fileSpec
	if n := len(specs); n > 2 {
		specs, exts = specs[:2:2], specs[2:]
	}
	add := func(path string, src Source) {
		specs = append(specs, fileSpec{path: path, source: src, dialect: DetectDialect(path)})
	}
	userDir := dirs.UserConfig(getenv)
	if userDir != "" {
		add(filepath.Join(userDir, "hooks.json"), User)
	}
	if systemDir := dirs.SystemConfig(getenv); systemDir != "" {
		add(filepath.Join(systemDir, "hooks.json"), System)
	}
	specs = append(specs, exts...)
	if userDir != "" {
		dirs, err := extensionDirs(filepath.Join(userDir, "extensions"))
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

// projectFiles lists the candidate project files (SPEC §2.3, §2.4):
// .hookexec/hooks.json, .hookexec/hooks.local.json, then the project's
// extensions. An extensions directory that cannot be read gives none (a
// project cannot stop the user's hooks).
func projectFiles(project string) []fileSpec {
	dir := filepath.Join(project, dirs.Name)
	var specs []fileSpec
	for _, name := range []string{"hooks.json", "hooks.local.json"} {
		path := filepath.Join(dir, name)
		specs = append(specs, fileSpec{path: path, source: Project, dialect: DetectDialect(path), projectRel: dirs.Name + "/" + name})
	}
	exts, _ := extensionDirs(filepath.Join(dir, "extensions"))
	for _, ext := range exts {
		path := filepath.Join(ext, "hooks.json")
		specs = append(specs, fileSpec{path: path, source: Extension, dialect: DetectDialect(path), extDir: ext,
			projectRel: dirs.Name + "/extensions/" + filepath.Base(ext) + "/hooks.json"})
	}
	return specs
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
