package registry

import (
	"maps"
	"path/filepath"
	"slices"
	"strings"

	"mvdan.cc/sh/v3/syntax"

	"github.com/hookexec/hookexec/internal/shellparse"
	"github.com/hookexec/hookexec/internal/trust"
)

// Trust pins the files a hook's command line names (pinsOfNamed), its
// shell when the project holds it, the startup files its env names
// (setupWords) and everything under .hookexec/. What a hook executes
// beyond that is not pinned: the review says so per hook, so that the user
// decides with it in front of them. unpinned lists those notes for h, a
// hook of the project at root.
func unpinned(h *Hook, root string) []string {
	if h.HTTP != nil {
		return nil
	}
	var notes []string
	add := func(s string) {
		if !slices.Contains(notes, s) {
			notes = append(notes, s)
		}
	}
	if _, _, inProject := projectPathAny(expandProjectVars(h.Shell, root), true, root); h.Shell != "" && !inProject {
		add("runs through the shell " + trust.Printable(h.Shell) + ": that program is not pinned")
	}
	for _, k := range slices.Sorted(maps.Keys(h.Env)) {
		if why := envNote(k, h.Env[k]); why != "" {
			add(why)
		}
	}
	if h.ExecForm {
		if n := programNote(filepath.Base(h.Command), h.Args); n != "" {
			add(n)
		}
		return notes
	}
	file, err := shellparse.Parse(h.Command, syntax.LangBash)
	if err != nil {
		add("its command could not be parsed (" + err.Error() + "): nothing it names is pinned")
		return notes
	}
	syntax.Walk(file, func(n syntax.Node) bool {
		switch n := n.(type) {
		case *syntax.CmdSubst:
			add("builds part of its command at run time ($(...)): what that runs is not pinned")
		case *syntax.CallExpr:
			if len(n.Args) == 0 {
				return true
			}
			name := n.Args[0].Lit()
			if name == "" {
				add("runs a program named by an expansion: not pinned")
				return true
			}
			var args []string
			for _, w := range n.Args[1:] {
				args = append(args, w.Lit())
			}
			if name == "cd" || name == "pushd" {
				add("changes directory before running the rest: paths after it are resolved elsewhere and not pinned")
			} else if note := programNote(filepath.Base(name), args); note != "" {
				add(note)
			}
		}
		return true
	})
	return notes
}

// runners run files their own configuration names.
func runners(name string) (string, bool) {
	switch name {
	case "make", "gmake":
		return "the Makefile", true
	case "just":
		return "the justfile", true
	case "task":
		return "the Taskfile", true
	case "npm", "pnpm", "yarn", "bun":
		return "package.json's scripts and node_modules", true
	case "npx":
		return "node_modules", true
	case "cargo":
		return "Cargo.toml and the build scripts", true
	case "go":
		return "the Go sources it builds", true
	case "gradle", "gradlew":
		return "the build files", true
	case "mvn":
		return "pom.xml", true
	case "rake":
		return "the Rakefile", true
	case "tox":
		return "tox.ini", true
	case "nox":
		return "noxfile.py", true
	case "poetry", "uv":
		return "pyproject.toml", true
	case "docker":
		return "the images and compose files", true
	case "docker-compose":
		return "the compose file", true
	}
	return "", false
}

// programNote says what running name with args leaves unpinned, "" when
// it is only the files its words name.
func programNote(name string, args []string) string {
	if what, ok := runners(name); ok {
		return "runs " + name + ": " + what + " and what it runs are not pinned"
	}
	switch name {
	case "eval", "source", ".":
		return "runs " + name + ": the code it reads at run time is not pinned"
	case "xargs", "env", "exec", "nohup", "timeout", "sudo":
		// The program they run is among their operands (after options,
		// VAR=value, a duration).
		for i, a := range args {
			if a == "" || strings.HasPrefix(a, "-") || strings.Contains(a, "=") {
				continue
			}
			if note := programNote(filepath.Base(a), args[i+1:]); note != "" {
				return note
			}
		}
	}
	if isInterpreter(name) {
		for _, a := range args {
			if a == "-c" || a == "-e" || a == "--eval" || a == "-Command" {
				return "runs " + name + " " + a + ": the files the code in that string names are not pinned"
			}
		}
	}
	return ""
}

// envNote says when an env entry of a hook makes its programs read files
// that are not pinned: more than the startup files it names (envFiles),
// or a file named by another variable.
func envNote(name, value string) string {
	files, all := envFiles(name, value)
	switch {
	case !all:
		return "env " + trust.Printable(name) + " makes its programs load files: not pinned"
	case len(files) > 0:
		return ""
	case strings.Contains(value, "/"):
		return "env " + trust.Printable(name) + " names a file: not pinned"
	}
	return ""
}
