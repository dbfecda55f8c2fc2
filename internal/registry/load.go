package registry

import (
	"cmp"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"slices"
	"strings"

	"github.com/hookexec/hookexec/internal/trust"
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
	// ReadUntrusted parses the project's files whatever the trust
	// decision, for callers that only read them (install's and doctor's
	// timeout budget, as validate reads them). Nothing of such a registry
	// may run.
	ReadUntrusted bool
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
//
// Trust (SPEC §2.4): a discovered project file is parsed only when the
// project is trusted, and then only if its bytes are the pinned ones;
// otherwise it is listed in Registry.Untrusted. A project file that cannot
// be read or parsed is skipped (Registry.Broken) and never stops the other
// files. A user, system or explicit file that someone else owns or can
// write is skipped with a warning.
func Load(opts Options) (*Registry, error) {
	specs, getenv, pol, envWarnings, err := opts.resolveEnv()
	if err != nil {
		return nil, err
	}
	reg := &Registry{Getenv: getenv, env: pol}
	for _, w := range envWarnings {
		reg.Warnings = append(reg.Warnings, Diagnostic{Pos: Position{File: "environment"}, Severity: SeverityWarning, Message: w})
	}
	gate := &projectGate{dir: opts.ProjectDir, getenv: getenv}
	if opts.ReadUntrusted {
		gate.decided, gate.decision = true, &trust.Decision{Trusted: true, Via: "read-only"}
	}
	for _, spec := range specs {
		data, err := spec.read()
		if err != nil {
			if !spec.explicit && errors.Is(err, fs.ErrNotExist) {
				continue
			}
			var p *readProblem
			if errors.As(err, &p) && (spec.isProject() || p.unsafe) {
				reg.skip(spec, p.msg)
				continue
			}
			return nil, readError(spec.path, err)
		}
		if spec.isProject() {
			if ok, why := gate.allows(spec.projectRel, data); !ok {
				if gate.decision.Pending() && keepTrusted(reg, spec, data, gate.decision, gate.root(), specs) {
					continue
				}
				reg.Untrusted = append(reg.Untrusted, spec.path)
				reg.Warnings = append(reg.Warnings, Diagnostic{Pos: Position{File: spec.path}, Severity: SeverityWarning, Message: why})
				continue
			}
		}
		if err := decodeFile(reg, spec, len(reg.Files), data); err != nil {
			var cerr *Error
			if spec.isProject() && errors.As(err, &cerr) {
				reg.Broken = append(reg.Broken, spec.path)
				reg.Warnings = append(reg.Warnings, Diagnostic{Pos: cerr.Pos, Severity: SeverityWarning, Message: cerr.Msg + "; this project file is skipped", Skips: true})
				continue
			}
			return nil, err
		}
	}
	reg.Trust = gate.decision
	reg.addChanged(gate.decision)
	if discovered(specs) && !gate.decided {
		if path, why := missingGuards(gate.root(), getenv); path != "" {
			reg.Untrusted = append(reg.Untrusted, path)
			reg.Warnings = append(reg.Warnings, Diagnostic{Pos: Position{File: path}, Severity: SeverityWarning, Message: why})
		}
	}
	holdProjectExecs(reg, gate)
	if gate.storeErr != nil {
		msg := strings.TrimPrefix(gate.storeErr.Error(), "trust: ")
		reg.Warnings = append(reg.Warnings, Diagnostic{Pos: Position{File: "trust"}, Severity: SeverityWarning, Message: msg + "; the project's files are not trusted"})
	}
	reg.withSettings()
	slices.SortStableFunc(reg.Hooks, planOrder)
	return reg, nil
}

// skip records a file that exists but was not read: a broken project file,
// or a user, system or explicit file that is not the user's own.
func (r *Registry) skip(spec fileSpec, msg string) {
	if spec.isProject() {
		r.Broken = append(r.Broken, spec.path)
		msg += "; this project file is skipped"
	} else {
		msg += "; this file is skipped"
	}
	r.Warnings = append(r.Warnings, Diagnostic{Pos: Position{File: spec.path}, Severity: SeverityWarning, Message: msg, Skips: true})
}

func readError(path string, err error) *Error {
	msg := "cannot read file: " + unwrapPathError(err).Error()
	var p *readProblem
	switch {
	case errors.Is(err, fs.ErrNotExist):
		msg = "no such file"
	case errors.As(err, &p):
		msg = p.msg
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

// resolve checks opts, fills in Getenv's default, filters it through
// SafeEnv (whose warnings it returns) and lists the config files opts
// names (explicit, else HOOKEXEC_CONFIG, else discovered).
func (opts Options) resolve() ([]fileSpec, func(string) string, []string, error) {
	specs, getenv, _, warnings, err := opts.resolveEnv()
	return specs, getenv, warnings, err
}

// resolveEnv is resolve that also returns SafeEnv's policy.
func (opts Options) resolveEnv() ([]fileSpec, func(string) string, envPolicy, []string, error) {
	getenv := opts.Getenv
	if getenv == nil {
		getenv = os.Getenv
	}
	if opts.Dialect != "" && !opts.Dialect.valid() {
		return nil, nil, envPolicy{}, nil, fmt.Errorf("registry: unknown dialect %q", opts.Dialect)
	}
	getenv, pol, warnings := safeEnv(getenv, opts.ProjectDir)
	specs, err := configFiles(opts, getenv)
	return specs, getenv, pol, warnings, err
}

// withSettings finishes a loaded registry with the user's settings: read
// from the user's file even when it was not among the files loaded, the
// proxy of every http hook (HTTPProxy), HOOKEXEC_SHELL through
// Getenv as Settings.Shell when the environment (as SafeEnv keeps it) has
// none.
func (r *Registry) withSettings() {
	r.readUserSettings(r.Getenv)
	proxy := HTTPProxy{FromEnv: !r.env.agent, URL: r.Settings.HTTPProxy}
	for _, h := range r.Hooks {
		if h.HTTP != nil {
			h.HTTP.Proxy = proxy
		}
	}
	if sh := r.Settings.Shell; sh != "" {
		base := r.Getenv
		r.Getenv = func(name string) string {
			if v := base(name); v != "" || name != shellVar {
				return v
			}
			return sh
		}
	}
}
