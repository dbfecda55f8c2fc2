package registry

import (
	"errors"
	"fmt"
	"path/filepath"
	"strings"

	"mvdan.cc/sh/v3/expand"
	"mvdan.cc/sh/v3/syntax"

	"github.com/hookexec/hookexec/internal/shellparse"
	"github.com/hookexec/hookexec/internal/trust"
)

// projectHooks decodes the project files of snap as they are now, whether
// or not they are trusted (for `hookexec trust` to show them, and for the
// closure hash). Each file is read once, through the snapshot, so that its
// pin is the hash of the very bytes decoded. Nothing
// runs; unreadable or malformed files give no hooks. When configs is not
// nil, each file's bytes are recorded in it by project-relative path.
func projectHooks(snap *trust.Snapshot, configs map[string][]byte) *Registry {
	reg := &Registry{}
	for _, spec := range projectFiles(snap.Root) {
		data, ok := snap.Read(spec.projectRel, false)
		if !ok {
			continue // fire skips it too (fileSpec.read); trust refuses the pin
		}
		if len(data) > MaxProjectFileBytes {
			reg.Warnings = append(reg.Warnings, Diagnostic{Pos: Position{File: spec.path}, Severity: SeverityWarning,
				Message: fmt.Sprintf("larger than %d MiB (%d bytes); fire skips this file and denies the events its hooks could guard", MaxProjectFileBytes>>20, len(data)), Skips: true, Weakens: true})
			continue
		}
		if configs != nil {
			configs[spec.projectRel] = data
		}
		if afterReviewRead != nil {
			afterReviewRead(spec.path)
		}
		if err := decodeFile(reg, spec, len(reg.Files), data); err != nil {
			reg.Warnings = append(reg.Warnings, brokenFile(spec.path, err))
		}
	}
	return reg
}

// brokenFile is the finding about a project config file that cannot be
// parsed: fire skips it, so trust refuses it.
func brokenFile(path string, err error) Diagnostic {
	d := Diagnostic{Pos: Position{File: path}, Severity: SeverityWarning, Message: err.Error(), Skips: true, Weakens: true}
	var cerr *Error
	if errors.As(err, &cerr) {
		d.Pos, d.Message = cerr.Pos, cerr.Msg
	}
	d.Message += "; fire skips this file and denies the events its hooks could guard"
	return d
}

// afterReviewRead, when set (by tests), is called after the review read
// the file at path, to change it then.
var afterReviewRead func(path string)

// namedPins is trust.NamedPins: the pins of the project files named by the
// hooks of the project's config files.
func namedPins(snap *trust.Snapshot) (map[string]string, error) {
	return pinsOfNamed(projectHooks(snap, nil).Hooks, snap), nil
}

// pinsOfNamed pins every file inside the project (outside .hookexec/,
// which is pinned whole) that a hook's command or args names by a
// relative or project-absolute path (SPEC §2.4), by the content of the
// regular file it reaches (trust.Snapshot.PinFile). A path-like word that
// names nothing is pinned as absent, so creating it later breaks the trust.
func pinsOfNamed(hooks []*Hook, snap *trust.Snapshot) map[string]string {
	root := snap.Root
	pins := map[string]string{}
	for _, h := range hooks {
		for _, w := range hookWords(h, root) {
			rel, path, ok := projectPath(w.text, w.first, root)
			if !ok || pins[rel] != "" {
				continue
			}
			pin := snap.PinFile(path)
			if pin == trust.Absent && !w.file && !strings.Contains(w.text, "/") {
				continue // a plain word, not a file
			}
			pins[rel] = pin
		}
	}
	return pins
}

type hookWord struct {
	text  string
	first bool // the command name: looked up on PATH unless it has a "/"
	file  bool // always a file's name (a startup file), even without a "/"
}

// hookWords are the words of a hook's command line as the shell would see
// them, with the project-directory variables expanded, and the files that
// run before it (setupWords). Words that need a command substitution or
// an unknown expansion are left out.
func hookWords(h *Hook, root string) []hookWord {
	return append(commandWords(h, root), setupWords(h, root)...)
}

// commandWords are the words of hookWords that its command line holds.
func commandWords(h *Hook, root string) []hookWord {
	if h.ExecForm {
		words := []hookWord{{text: h.Command, first: true}}
		for _, a := range h.Args {
			words = append(words, hookWord{text: expandProjectVars(a, root)})
		}
		words[0].text = expandProjectVars(h.Command, root)
		return words
	}
	file, err := shellparse.Parse(h.Command, syntax.LangBash)
	if err != nil {
		var words []hookWord
		for i, f := range strings.Fields(h.Command) {
			words = append(words, hookWord{text: expandProjectVars(f, root), first: i == 0})
		}
		return words
	}
	cfg := &expand.Config{Env: expand.ListEnviron(projectEnv(root)...)}
	var words []hookWord
	add := func(w *syntax.Word, first bool) {
		if s, err := expand.Literal(cfg, w); err == nil {
			words = append(words, hookWord{text: s, first: first})
		}
	}
	syntax.Walk(file, func(n syntax.Node) bool {
		switch n := n.(type) {
		case *syntax.CallExpr:
			for i, w := range n.Args {
				add(w, i == 0)
			}
		case *syntax.Redirect:
			// A file the hook reads (< file) is pinned; one it writes
			// (> log, >> log) is its output, which would untrust the
			// project on its first run.
			if n.Word != nil && n.Op == syntax.RdrIn {
				add(n.Word, false)
			}
		}
		return true
	})
	return words
}

func projectEnv(root string) []string {
	var env []string
	for _, name := range projectDirVars() {
		env = append(env, name+"="+root)
	}
	return env
}

func expandProjectVars(s, root string) string {
	for _, kv := range projectEnv(root) {
		name, val, _ := strings.Cut(kv, "=")
		s = strings.ReplaceAll(s, "${"+name+"}", val)
		s = strings.ReplaceAll(s, "$"+name, val)
	}
	return s
}

// projectPath resolves a word to a file inside root, outside .hookexec/.
func projectPath(word string, first bool, root string) (rel, path string, ok bool) {
	rel, path, ok = projectPathAny(word, first, root)
	if !ok || trust.InDir(rel) {
		return "", "", false
	}
	return rel, path, true
}

// projectPathAny resolves a word to a file inside root.
func projectPathAny(word string, first bool, root string) (rel, path string, ok bool) {
	switch {
	case word == "", strings.HasPrefix(word, "-"), strings.Contains(word, "://"), strings.ContainsAny(word, "\x00\n"):
		return "", "", false
	case first && !strings.Contains(word, "/"):
		return "", "", false
	}
	path = word
	if !filepath.IsAbs(path) {
		path = filepath.Join(root, path)
	}
	path = filepath.Clean(path)
	r, err := filepath.Rel(root, path)
	if err != nil || r == "." || r == ".." || strings.HasPrefix(r, ".."+string(filepath.Separator)) {
		return "", "", false
	}
	return filepath.ToSlash(r), path, true
}
