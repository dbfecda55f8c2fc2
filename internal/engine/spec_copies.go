package engine

import (
	"path/filepath"
	"strings"

	"github.com/hookexec/hookexec/internal/registry"
	"github.com/hookexec/hookexec/internal/shellcmd"
	"github.com/hookexec/hookexec/internal/trust"
)

// copiesFor is what a fire runs instead of the trusted project files its
// hooks execute, so that what runs is what was hashed (SPEC §2.4), also
// for the kept hooks of a project whose change waits for review: nil when
// the registry made no trust decision (no project file) or the project is
// untrusted.
func (e *Engine) copiesFor(reg *registry.Registry) *trust.Copies {
	if reg == nil || reg.Trust == nil || !reg.Trust.Trusted && !reg.Trust.Pending() {
		return nil
	}
	getenv := reg.Getenv
	if getenv == nil {
		getenv = envLookup(e.Environ)
	}
	return &trust.Copies{Decision: reg.Trust, Blobs: trust.BlobsOf(trust.OpenStore(getenv)), Root: e.ProjectDir}
}

// withCopies rewrites the words of a project hook that name a trusted
// project file it executes (registry.ExecFiles) to the file's copy, so
// that what runs is the content that was hashed, not whatever the working
// tree holds by the time the shell opens the path. argv is the spec's
// argv as built; a shell-form command is rewritten before it is handed to
// the shell (only for a POSIX shell, which the quoting is for).
func (sh shared) withCopies(h *registry.Hook, shell string, argv []string) []string {
	if sh.copies == nil || !h.FromProject {
		return argv
	}
	files := registry.ExecFiles(h, sh.projectDir)
	if len(files) == 0 {
		return argv
	}
	f := files[0]
	path, ok := sh.copies.For(f.Rel)
	if !ok {
		return argv
	}
	if h.ExecForm {
		out := append([]string(nil), argv...)
		if f.Arg < len(out) {
			out[f.Arg] = path
		}
		return out
	}
	if !shellcmd.IsShell(filepath.Base(shell)) || f.End > len(h.Command) || f.Start > f.End {
		return argv
	}
	return registry.ShellArgv(shell, h.Command[:f.Start]+shellQuote(path)+h.Command[f.End:])
}

// withSetupCopies runs what a project hook runs before its command from the
// trusted copies too (registry.SetupFiles): argv's shell, when it is the
// hook's shell named by a project path, and the startup file a variable of
// env names. argv and env are the spec's as built.
func (sh shared) withSetupCopies(h *registry.Hook, shell string, argv, env []string) ([]string, []string) {
	if sh.copies == nil || !h.FromProject {
		return argv, env
	}
	for _, f := range registry.SetupFiles(h, sh.projectDir) {
		path, ok := sh.copies.For(f.Rel)
		if !ok {
			continue
		}
		if f.Var == "" {
			if len(argv) > 0 && argv[0] == shell {
				argv = append([]string{path}, argv[1:]...)
			}
			continue
		}
		env = OverlayEnv(env, map[string]string{f.Var: path})
	}
	return argv, env
}

// shellQuote quotes s as one POSIX shell word.
func shellQuote(s string) string {
	return "'" + strings.ReplaceAll(s, "'", `'\''`) + "'"
}
