package registry

import (
	"cmp"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"slices"
)

// Options says which config files Load reads.
type Options struct {
	// Configs are the --config files. When empty, HOOKEXEC_CONFIG (a
	// ":"-separated list) is used if set; when both are empty the files are
	// discovered (SPEC §2.3).
	Configs []string
	// Dialect is forced on the explicit (--config / HOOKEXEC_CONFIG) files;
	// "" detects each file's dialect from its location.
	Dialect Dialect
	// ProjectDir is the absolute project directory, used for discovery;
	// "" means the working directory.
	ProjectDir string
	// Getenv reads HOOKEXEC_CONFIG, XDG_CONFIG_HOME, HOME and
	// HOOKEXEC_SYSTEM_DIR; nil means os.Getenv.
	Getenv func(string) string
	// Inline, when set, is the only config loaded: Configs, HOOKEXEC_CONFIG
	// and discovery are ignored. It is read in Dialect, else native, and
	// its hooks have source runtime.
	Inline *Inline
}

// Inline is a config given as bytes rather than a file (a test case's
// inline config).
type Inline struct {
	// Name stands for the file in positions, errors, warnings and
	// Hook.File.
	Name string
	// Data is the config's JSON text. Positions are counted in Data, so a
	// caller embedding a config in a larger file can pad Data with the
	// white space before it to report that file's lines and columns.
	Data []byte
}

// Load finds, reads and decodes the config files and returns their hooks in
// plan order. Entries that are invalid are skipped and reported in
// Registry.Warnings. A missing explicit file, an unreadable file, or a file
// that is not a JSON object is fatal: the error is an *Error naming
// file:line:col.
func Load(opts Options) (*Registry, error) {
	specs, _, err := opts.resolve()
	if err != nil {
		return nil, err
	}
	reg := &Registry{}
	for _, spec := range specs {
		data, err := spec.read()
		if err != nil {
			if !spec.explicit && errors.Is(err, fs.ErrNotExist) {
				continue
			}
			return nil, readError(spec.path, err)
		}
		if err := decodeFile(reg, spec, len(reg.Files), data); err != nil {
			return nil, err
		}
	}
	slices.SortStableFunc(reg.Hooks, planOrder)
	return reg, nil
}

func readError(path string, err error) *Error {
	msg := "cannot read file: " + unwrapPathError(err).Error()
	if errors.Is(err, fs.ErrNotExist) {
		msg = "no such file"
	}
	return &Error{Pos: Position{File: path}, Msg: msg, Err: err}
}

// planOrder is SPEC §2.3: higher priority first, then source rank, file,
// definition and position in the definition.
func planOrder(a, b *Hook) int {
	return cmp.Or(
		cmp.Compare(b.Priority, a.Priority),
		cmp.Compare(a.Source, b.Source),
		cmp.Compare(a.FileIndex, b.FileIndex),
		cmp.Compare(a.DefIndex, b.DefIndex),
		cmp.Compare(a.HookIndex, b.HookIndex),
	)
}

// resolve checks opts, fills in Getenv's default and lists the config files
// opts names (explicit, else HOOKEXEC_CONFIG, else discovered).
func (opts Options) resolve() ([]fileSpec, func(string) string, error) {
	getenv := opts.Getenv
	if getenv == nil {
		getenv = os.Getenv
	}
	if opts.Dialect != "" && !opts.Dialect.valid() {
		return nil, nil, fmt.Errorf("registry: unknown dialect %q", opts.Dialect)
	}
	specs, err := configFiles(opts, getenv)
	return specs, getenv, err
}
