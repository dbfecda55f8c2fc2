package registry

import (
	"path/filepath"
	"strings"

	"mvdan.cc/sh/v3/expand"
	"mvdan.cc/sh/v3/syntax"

	"github.com/hookexec/hookexec/internal/shellparse"
)

// ExecFile is a word of a project hook's command that names the project
// file the hook executes, which fire replaces by the trusted copy of that
// file, so that what runs is exactly what was hashed.
type ExecFile struct {
	// Rel is the file, slash-separated and relative to the project root
	// (under .hookexec/ or not).
	Rel string
	// Start and End are the byte offsets of the word in a shell-form
	// command; Arg is its index in an exec-form argv (0: the program).
	Start, End, Arg int
}

// ExecFiles are the words of h (a project hook) that can run from a copy:
// the program when it is a path to a project file, else an interpreter's
// script operand that names one. A shell-form command qualifies only when
// it is one simple command (no `cd x && ...`, pipeline or list, where a
// relative path may mean another file); the working directory stays the
// project root, which relative pins are resolved against (SPEC §2.4).
// Words that need any expansion but the project-directory variables are
// left alone.
func ExecFiles(h *Hook, root string) []ExecFile {
	if h.HTTP != nil || !h.FromProject {
		return nil
	}
	if h.ExecForm {
		words := append([]string{h.Command}, h.Args...)
		for i := range words {
			words[i] = expandProjectVars(words[i], root)
		}
		if i, rel, ok := execWord(words, root); ok {
			return []ExecFile{{Rel: rel, Arg: i}}
		}
		return nil
	}
	file, err := shellparse.Parse(h.Command, syntax.LangBash)
	if err != nil || len(file.Stmts) != 1 {
		return nil
	}
	st := file.Stmts[0]
	call, ok := st.Cmd.(*syntax.CallExpr)
	if !ok || st.Negated || st.Background || st.Coprocess || len(call.Args) == 0 {
		return nil
	}
	cfg := &expand.Config{Env: expand.ListEnviron(projectEnv(root)...)}
	words := make([]string, len(call.Args))
	for i, w := range call.Args {
		s, err := expand.Literal(cfg, w)
		if err != nil {
			s = "\x00" // not a literal: never a file, never the program
		}
		words[i] = s
	}
	i, rel, ok := execWord(words, root)
	if !ok {
		return nil
	}
	w := call.Args[i]
	return []ExecFile{{Rel: rel, Start: int(w.Pos().Offset()), End: int(w.End().Offset()), Arg: i}}
}

// execWord finds the word naming the executed project file: the program
// when it is a path into the project, else the script operand of an
// interpreter (projectexec.go's list), named by its first operand.
func execWord(words []string, root string) (int, string, bool) {
	if rel, ok := execRel(words[0], true, root); ok {
		return 0, rel, true
	}
	if len(words) > 1 && !strings.HasPrefix(words[1], "-") && isInterpreter(filepath.Base(words[0])) {
		if rel, ok := execRel(words[1], false, root); ok {
			return 1, rel, true
		}
	}
	return 0, "", false
}

// execRel resolves a word to a file inside root (under .hookexec/ or
// not), lexically: the copy is looked up by this path's pin.
func execRel(word string, program bool, root string) (string, bool) {
	if word == "" || strings.ContainsAny(word, "\x00\n") || strings.Contains(word, "://") || program && !strings.Contains(word, "/") {
		return "", false
	}
	path := word
	if !filepath.IsAbs(path) {
		path = filepath.Join(root, path)
	}
	r, err := filepath.Rel(root, filepath.Clean(path))
	if err != nil || r == "." || r == ".." || strings.HasPrefix(r, ".."+string(filepath.Separator)) || filepath.IsAbs(r) {
		return "", false
	}
	return filepath.ToSlash(r), true
}

// ExecRels are the files of ExecFiles and SetupFiles for every project
// hook of hooks: what `hookexec trust` copies.
func ExecRels(hooks []*Hook, root string) []string {
	var out []string
	for _, h := range hooks {
		for _, f := range ExecFiles(h, root) {
			out = append(out, f.Rel)
		}
		for _, f := range SetupFiles(h, root) {
			out = append(out, f.Rel)
		}
	}
	return out
}
