package registry

import (
	"errors"
	"fmt"
	"path/filepath"
	"strings"

	"github.com/hookexec/hookexec/internal/jsonpos"

	"mvdan.cc/sh/v3/syntax"

	"github.com/hookexec/hookexec/internal/progpath"
	"github.com/hookexec/hookexec/internal/shellparse"
)

// The shell syntax check of validate (SPEC §2.4, §7): each shell-form
// command is parsed in process, by mvdan.cc/sh's parser in the grammar of
// the shell fire would run it with. Nothing here starts a process: a config
// is untrusted input, and a CI job that validates a pull request must not
// run a "shell" the pull request planted. The shell is only looked up
// (stat), to warn when the hook could not start.

// shellGrammar returns the parser variant for a shell, chosen by its base
// name; ok is false for a shell hookexec has no parser for (zsh, ksh93,
// fish, pwsh, python, an unknown name), whose commands are not checked.
// Plain ksh is left out because it is ksh93 on most systems, whose grammar
// (process substitution, for one) is not mksh's.
func shellGrammar(shell string) (syntax.LangVariant, bool) {
	switch shellName(shell) {
	case "bash":
		return syntax.LangBash, true
	case "sh", "dash", "ash":
		return syntax.LangPOSIX, true
	case "mksh", "lksh", "oksh", "pdksh":
		return syntax.LangMirBSDKorn, true
	}
	return 0, false
}

// shellName is the base name of a shell program, without ".exe" (a
// Windows path's too, wherever it is read).
func shellName(shell string) string {
	base := filepath.Base(shell)
	if i := strings.LastIndexByte(base, '\\'); i >= 0 {
		base = base[i+1:]
	}
	if strings.EqualFold(filepath.Ext(base), ".exe") {
		base = base[:len(base)-len(".exe")]
	}
	return base
}

// shellCommand checks the syntax of a shell-form hook, that its shell
// exists, and the program its first word names.
func (l *linter) shellCommand(d *fileDecoder, where string, cmdOff int, shellField *jsonpos.Value, h *Hook) {
	shell := h.Shell
	explicit := shell != ""
	if !explicit {
		shell = l.env.getenv("HOOKEXEC_SHELL")
		explicit = shell != ""
	}
	if !explicit {
		defaults := d.spec.dialect.DefaultShells(l.env.getenv)
		shell = defaults[len(defaults)-1]
		for _, s := range defaults {
			if _, err := l.lookPath(s, l.env.getenv("PATH")); err == nil {
				shell = s
				break
			}
		}
	}
	if _, err := l.lookPath(shell, l.env.getenv("PATH")); err != nil && explicit {
		off, from := cmdOff, "$HOOKEXEC_SHELL"
		if h.Shell != "" && shellField != nil {
			off, from = shellField.Off, `"shell"`
		}
		l.warn(d, off, "%s: shell %q (from %s) %v; the hook cannot start (spawn_error)", where, shell, from, err)
	}
	if _, ok := shellGrammar(shell); !ok {
		if l.unchecked == nil {
			l.unchecked = map[string]int{}
		}
		l.unchecked[shellName(shell)]++
	}
	if msg, bad := checkSyntax(shell, h.Command); bad {
		l.fail(d, cmdOff, "%s: %s", where, msg)
	}
	if KindOfShell(shell) != ShellPOSIX {
		// Not sh syntax: its first word cannot be told without the
		// shell's own parser (and may be a builtin such as cmd's dir).
		return
	}
	if word, raw, ok := firstWord(h.Command, l.resolver(h)); ok {
		l.program(d, where, cmdOff, raw, word, false, l.pathOf(h))
	}
}

// checkSyntax parses command in the grammar of shell; bad is true when
// there is something to report, and msg says what, where in the command
// (line:col) and what it does at run time.
func checkSyntax(shell, command string) (msg string, bad bool) {
	lang, ok := shellGrammar(shell)
	if !ok {
		return "", false
	}
	name := shellName(shell)
	f, err := shellparse.Parse(command, lang)
	if err == nil && lang == syntax.LangPOSIX {
		err = posixTestExpr(f)
	}
	var perr syntax.ParseError
	var lerr syntax.LangError
	switch {
	case err == nil:
		return "", false
	case errors.As(err, &lerr):
		return fmt.Sprintf("shell syntax error (%s): line %s: %s %s a %s feature, not %s; %s", name, lerr.Pos,
			lerr.Feature, isAre(lerr.Feature), langList(lerr.Langs), grammarName(lang), langConsequence(name, lang)), true
	case errors.As(err, &perr):
		return fmt.Sprintf("shell syntax error (%s): line %s: %s; %s", name, perr.Pos, perr.Text, syntaxConsequence(name, lang)), true
	case errors.Is(err, shellparse.ErrTooComplex):
		return fmt.Sprintf("shell syntax not checked (%s): %v", name, err), true
	}
	return fmt.Sprintf("shell syntax error (%s): %v; %s", name, err, syntaxConsequence(name, lang)), true
}

// posixTestExpr reports `[[` in command position: a POSIX grammar reads it
// as a command named "[[", which dash and busybox sh do not have.
func posixTestExpr(f *syntax.File) error {
	var err error
	syntax.Walk(f, func(n syntax.Node) bool {
		if err != nil {
			return false
		}
		if call, ok := n.(*syntax.CallExpr); ok && len(call.Args) > 0 && call.Args[0].Lit() == "[[" {
			err = syntax.LangError{Pos: call.Args[0].Pos(), Feature: "test expressions",
				Langs: []syntax.LangVariant{syntax.LangBash, syntax.LangMirBSDKorn, syntax.LangZsh}, LangUsed: syntax.LangPOSIX}
		}
		return true
	})
	return err
}

// syntaxConsequence is what a syntax error does when the hook runs: bash,
// dash and busybox sh exit 2, which reads as a deliberate block (SPEC
// §4.6); the Korn shells fail otherwise.
func syntaxConsequence(name string, lang syntax.LangVariant) string {
	if lang == syntax.LangMirBSDKorn {
		return fmt.Sprintf("at run time %s fails on this error, a hook error", name)
	}
	return fmt.Sprintf("at run time %s exits 2 on this error, which hookexec reads as a deliberate block", name)
}

// langConsequence is what another shell's syntax does when the hook runs.
func langConsequence(name string, lang syntax.LangVariant) string {
	if lang == syntax.LangPOSIX && name == "sh" {
		return "the hook fails where sh is dash, as on Debian and Ubuntu"
	}
	return "the hook fails when " + name + " runs it"
}

func grammarName(lang syntax.LangVariant) string {
	if lang == syntax.LangPOSIX {
		return "POSIX sh"
	}
	return lang.String()
}

func langList(langs []syntax.LangVariant) string {
	names := make([]string, len(langs))
	for i, l := range langs {
		names[i] = l.String()
	}
	return strings.Join(names, "/")
}

// isAre agrees the verb with a feature's name, as the parser does
// ("arrays are", "the \"function\" builtin is").
func isAre(feature string) string {
	if strings.HasSuffix(feature, "s") {
		return "are"
	}
	return "is"
}

// lookPath finds name as the runner will (progpath: execvp's rules, PATH
// and PATHEXT on Windows): a path is checked where it is, any other name
// on pathEnv. The error says what is wrong ("is not found on PATH", "is
// not executable"). It only looks: nothing is run.
func (l *linter) lookPath(name, pathEnv string) (string, error) {
	return progpath.Find(name, pathEnv, l.env.getenv("PATHEXT"))
}
