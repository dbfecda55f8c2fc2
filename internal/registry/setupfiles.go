package registry

import (
	"maps"
	"os"
	"path/filepath"
	"slices"
	"strings"

	"github.com/hookexec/hookexec/internal/trust"
)

// setupWords are the files that run before a shell-form hook's command,
// which trust pins like the command's script (SPEC §2.4): its shell when
// it is named by a path (a project path is a file of the repository), and
// the startup files its env names (envFiles). A project file among them is
// pinned by content, as absent when there is none, so that a change, or
// the file created later, leaves the hook held until trusted again.
func setupWords(h *Hook, root string) []hookWord {
	if h.HTTP != nil {
		return nil
	}
	var words []hookWord
	if h.Shell != "" && !h.ExecForm {
		words = append(words, hookWord{text: expandProjectVars(h.Shell, root), first: true})
	}
	for _, k := range slices.Sorted(maps.Keys(h.Env)) {
		files, _ := envFiles(k, expandProjectVars(h.Env[k], root))
		for _, f := range files {
			words = append(words, hookWord{text: f, file: true})
		}
	}
	return words
}

// envFiles are the files that the variable name set to value makes a
// hook's programs load at startup: a shell's startup file (BASH_ENV, ENV,
// ZDOTDIR's .zshenv, which zsh -c reads), Python's startup file, a git
// config, the libraries of LD_PRELOAD and DYLD_INSERT_LIBRARIES, the
// modules Node and Ruby load by path (NODE_OPTIONS' --require, --import,
// --loader; RUBYOPT's -r). all is false when the variable makes them load
// more than the files listed (a search path of directories, a module
// named by name), which cannot be pinned.
func envFiles(name, value string) (files []string, all bool) {
	if value == "" {
		return nil, true
	}
	switch name {
	case "BASH_ENV", "ENV", "PYTHONSTARTUP", "GIT_CONFIG_GLOBAL":
		return []string{value}, true
	case "ZDOTDIR":
		return []string{strings.TrimSuffix(value, "/") + "/.zshenv"}, true
	case "LD_PRELOAD", "DYLD_INSERT_LIBRARIES":
		return strings.FieldsFunc(value, func(r rune) bool { return r == ':' || r == ' ' }), true
	case "NODE_OPTIONS":
		return optionFiles(strings.Fields(value), []string{"--require", "-r", "--import", "--loader", "--experimental-loader"})
	case "RUBYOPT":
		return optionFiles(strings.Fields(value), []string{"-r"})
	case "PATH", "PYTHONPATH", "NODE_PATH", "PERL5LIB", "RUBYLIB", "LD_LIBRARY_PATH", "PERL5OPT":
		return nil, false
	}
	return nil, true
}

// optionFiles are the operands of opts in fields (as "-r x", "-rx" or
// "--require=x") that name a file by a path; all is false when one names
// a module instead (no "/").
func optionFiles(fields, opts []string) (files []string, all bool) {
	all = true
	add := func(v string) {
		if strings.Contains(v, "/") {
			files = append(files, v)
		} else if v != "" {
			all = false
		}
	}
	for i := 0; i < len(fields); i++ {
		f := fields[i]
		for _, o := range opts {
			switch {
			case f == o && i+1 < len(fields):
				i++
				add(fields[i])
			case strings.HasPrefix(f, o+"="):
				add(f[len(o)+1:])
			case len(o) == 2 && strings.HasPrefix(f, o) && len(f) > 2:
				add(f[2:])
			default:
				continue
			}
			break
		}
	}
	return files, all
}

// SetupFile is a file of setupWords that fire runs from its trusted copy,
// as it does the script a project hook executes (ExecFiles).
type SetupFile struct {
	// Rel is the file, slash-separated and relative to the project root.
	Rel string
	// Var is the env variable that names it; "" for the hook's shell.
	Var string
}

// copiedVars name one startup file each, which a copy can stand for.
var copiedVars = []string{"BASH_ENV", "ENV", "PYTHONSTARTUP", "GIT_CONFIG_GLOBAL"}

// SetupFiles are the files of a project hook h that run before its
// command and can run from a copy: its shell when named by a project path
// (shell form), and the startup file of BASH_ENV, ENV, PYTHONSTARTUP and
// GIT_CONFIG_GLOBAL when it is a project file.
func SetupFiles(h *Hook, root string) []SetupFile {
	if h.HTTP != nil || !h.FromProject {
		return nil
	}
	var out []SetupFile
	if h.Shell != "" && !h.ExecForm {
		if rel, ok := execRel(expandProjectVars(h.Shell, root), true, root); ok {
			out = append(out, SetupFile{Rel: rel})
		}
	}
	for _, name := range copiedVars {
		if v, ok := h.Env[name]; ok {
			if rel, ok := execRel(expandProjectVars(v, root), false, root); ok {
				out = append(out, SetupFile{Rel: rel, Var: name})
			}
		}
	}
	return out
}

// holdUnpinnedSetup holds the project hooks of a trusted project whose
// shell or startup file (setupWords) is a project file that the trusted
// version has no pin for: a version trusted before trust pinned them. The
// file was never reviewed as what runs, so the hook waits for 'hookexec
// trust' like one whose script changed, and the file is pending.
func holdUnpinnedSetup(reg *Registry, d *trust.Decision, root string) {
	if d == nil || !d.Trusted && !d.Pending() {
		return
	}
	var kept []*Hook
	for _, h := range reg.Hooks {
		var missing []string
		if h.FromProject {
			for _, w := range setupWords(h, root) {
				rel, path, ok := projectPathAny(w.text, w.first, root)
				if !ok || slices.Contains(missing, rel) || d.Pinned(rel) {
					continue
				}
				if _, err := os.Lstat(path); err == nil {
					missing = append(missing, filepath.ToSlash(rel))
				}
			}
		}
		if len(missing) == 0 {
			kept = append(kept, h)
			continue
		}
		reg.hold(h, missing, "not pinned", "trusted hook held, a file it runs before its command is not pinned by the version you trusted: %s; review it with 'hookexec trust'")
	}
	reg.Hooks = kept
	slices.Sort(reg.Pending)
}
