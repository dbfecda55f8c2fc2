package registry

import (
	"path/filepath"
	"slices"
	"strconv"
	"strings"

	"mvdan.cc/sh/v3/expand"
	"mvdan.cc/sh/v3/syntax"

	"github.com/hookexec/hookexec/internal/shellcmd"
	"github.com/hookexec/hookexec/internal/shellparse"
)

// projectMark stands for the project directory when a hook's words are
// expanded: what starts with it was named through a project variable
// ($HOOKEXEC_PROJECT_DIR/...), whatever directory the project is.
const projectMark = "/\x01hookexec-project"

// inlineOnlyC: the interpreters whose only inline-code option is -c, the
// POSIX shells and fish.
func inlineOnlyC(prog string) bool { return shellcmd.IsShell(prog) || prog == "fish" }

// isInterpreter: the program runs the script its first operand names (a
// shell, or one of otherInterpreters).
func isInterpreter(prog string) bool {
	return inlineOnlyC(prog) || slices.Contains(otherInterpreters, prog)
}

// otherInterpreters are the interpreters besides the shells.
var otherInterpreters = []string{"python", "python3", "node", "deno", "bun", "ruby", "perl", "php", "pwsh", "source", "."}

// ProjectExec is a hook of the user's that executes a file of the project
// (SPEC §2.4): the program it runs, or the script it hands an
// interpreter, is named through a project variable or by a relative path,
// which native hooks resolve in the project directory.
type ProjectExec struct {
	// Word is the path as the hook names it ("$CLAUDE_PROJECT_DIR/x.sh"
	// expanded as "<project>/x.sh", or "./x.sh").
	Word string
	// ViaVar: named through a project variable; false for a relative path.
	ViaVar bool
}

// projectExec reports the project file that h executes, if any. It reads
// only the hook's text: the project cannot make a hook of the user's look
// like one (a plain absolute path never counts, whatever the project
// directory is), and a data argument ("check.py --root $CLAUDE_PROJECT_DIR")
// is not execution.
func projectExec(h *Hook, project string) (ProjectExec, bool) {
	if h.HTTP != nil {
		return ProjectExec{}, false
	}
	for _, call := range hookCalls(h) {
		w, ok := executed(call)
		if !ok {
			continue
		}
		if pe, ok := projectWord(w, project); ok {
			return pe, true
		}
	}
	// What runs before the command: its shell, the startup files its env
	// names.
	for _, w := range setupWords(h, projectMark) {
		if pe, ok := projectWord(w.text, project); ok {
			return pe, true
		}
	}
	return ProjectExec{}, false
}

// projectWord reports whether the executed word w (the project variables
// expanded to projectMark) names a project file.
func projectWord(w, project string) (ProjectExec, bool) {
	if rest, ok := strings.CutPrefix(w, projectMark+"/"); ok && rest != "" {
		return ProjectExec{Word: filepath.Join(project, rest), ViaVar: true}, true
	}
	if !filepath.IsAbs(w) && strings.Contains(w, "/") && !strings.HasPrefix(w, "~") && !strings.HasPrefix(w, "$") {
		return ProjectExec{Word: w}, true
	}
	return ProjectExec{}, false
}

// executed is the word of a call that names what runs: the program, or
// an interpreter's script (its first operand, unless code is inline).
func executed(call []string) (string, bool) {
	if len(call) == 0 {
		return "", false
	}
	prog := filepath.Base(call[0])
	if !isInterpreter(prog) {
		return call[0], true
	}
	inline := []string{"-c", "-e", "-m", "--eval", "-Command"}
	if inlineOnlyC(prog) {
		inline = []string{"-c"}
	}
	for _, a := range call[1:] {
		switch {
		case slices.Contains(inline, a):
			return "", false // inline code or a module
		case strings.HasPrefix(a, "-"):
			continue
		}
		return a, true
	}
	return "", false
}

// hookCalls are the simple commands of h, each as its literal words with
// the project variables expanded to projectMark; words that need another
// expansion are left out.
func hookCalls(h *Hook) [][]string {
	if h.ExecForm {
		call := []string{expandProjectVars(h.Command, projectMark)}
		for _, a := range h.Args {
			call = append(call, expandProjectVars(a, projectMark))
		}
		return [][]string{call}
	}
	file, err := shellparse.Parse(h.Command, syntax.LangBash)
	if err != nil {
		return [][]string{strings.Fields(expandProjectVars(h.Command, projectMark))}
	}
	cfg := &expand.Config{Env: expand.ListEnviron(projectEnv(projectMark)...)}
	var calls [][]string
	syntax.Walk(file, func(n syntax.Node) bool {
		if c, ok := n.(*syntax.CallExpr); ok {
			var call []string
			for _, w := range c.Args {
				if !plainWord(w) {
					break
				}
				s, err := expand.Literal(cfg, w)
				if err != nil {
					break
				}
				call = append(call, s)
			}
			calls = append(calls, call)
		}
		return true
	})
	return calls
}

// holdProjectExecs removes from reg the hooks of the user's discovered
// files (user, system, the user's extensions) that execute a project file
// through a project variable while the project is not trusted: such a
// file is the repository's code, which runs only once the user trusts it
// (SPEC §2.4). Each is told in a warning, and the
// file it names is listed as untrusted, so --untrusted deny denies.
func holdProjectExecs(reg *Registry, gate *projectGate) {
	var kept []*Hook
	for _, h := range reg.Hooks {
		if h.FromProject || (h.Source != User && h.Source != System && h.Source != Extension) {
			kept = append(kept, h)
			continue
		}
		pe, ok := projectExec(h, gate.root())
		if !ok || !pe.ViaVar || gate.trusted() {
			kept = append(kept, h)
			continue
		}
		if !slices.Contains(reg.Untrusted, pe.Word) {
			reg.Untrusted = append(reg.Untrusted, pe.Word)
		}
		reg.Warnings = append(reg.Warnings, Diagnostic{Pos: h.Pos, Severity: SeverityWarning, Skips: true, Untrusted: true, EventKey: h.Event.Name,
			Message: "hook " + strconv.Quote(h.DisplayName()) + " runs " + pe.Word + ", a file of a project that is not trusted: it does not run until you review the project and run 'hookexec trust'"})
	}
	reg.Hooks = kept
}

// projectExec warns about a hook of the user's discovered files (user,
// system, the user's extensions) that executes a project file
// (SPEC §2.4): through a project variable it runs only in a
// trusted project (holdProjectExecs); by a relative path it runs whatever
// file of that name the repository has, trusted or not.
func (l *linter) projectExec(d *fileDecoder, where string, off int, h *Hook) {
	if d.spec.isProject() || d.spec.explicit {
		// The project's own hooks are pinned with the project; a file
		// named by --config (often the project's own agent settings) is
		// what the user chose to run.
		return
	}
	pe, ok := projectExec(h, l.env.projectDir)
	if !ok {
		return
	}
	msg := "%s: runs a project file by the relative path %q, resolved in the hook's working directory (the project or the agent's cwd): any repository's file of that name runs, trusted or not; name a file of yours by an absolute path"
	if pe.ViaVar {
		msg = "%s: runs a project file (%q): it is the repository's code, so the hook runs only in a trusted project"
	}
	l.warn(d, off, msg, where, pe.Word)
	l.findings[len(l.findings)-1].RunsProjectFile = true
}

// plainWord reports whether w expands without running anything: no command
// or process substitution, no arithmetic (expand.Literal has no handler for
// them).
func plainWord(w *syntax.Word) bool {
	plain := true
	syntax.Walk(w, func(n syntax.Node) bool {
		switch n.(type) {
		case *syntax.CmdSubst, *syntax.ProcSubst, *syntax.ArithmExp:
			plain = false
		}
		return plain
	})
	return plain
}
