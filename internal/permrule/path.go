package permrule

import (
	"path"
	"strings"

	"github.com/gobwas/glob"
)

// pathRule is a Read/Edit/Write rule's path pattern, anchored as Claude
// Code anchors it (its permissions documentation): "//p" from the
// filesystem root, "~/p" from the home directory, "/p" from the project
// root, "./p", "../p" or "p" from the working directory. Below its anchor
// the pattern is read as a .gitignore line: "*" stays within one path
// segment, "**" crosses them, a pattern without a slash matches a file or
// directory of that name at any depth, one with a slash is anchored, and a
// match on a directory covers everything inside it.
type pathRule struct {
	raw string
	// base says where the pattern is anchored: "root", "home",
	// "project" or "cwd"; rel is the pattern below it.
	base string
	rel  string
	// anyDepth: the pattern has no slash (after its anchor prefix) and
	// matches a name at any depth below the base.
	anyDepth bool
}

func parsePathRule(spec string) pathRule {
	r := pathRule{raw: spec}
	switch {
	case strings.HasPrefix(spec, "//"):
		r.base, r.rel = "root", strings.TrimLeft(spec, "/")
	case spec == "~" || strings.HasPrefix(spec, "~/"):
		r.base, r.rel = "home", strings.TrimPrefix(strings.TrimPrefix(spec, "~"), "/")
	case strings.HasPrefix(spec, "/"):
		r.base, r.rel = "project", strings.TrimLeft(spec, "/")
	default:
		// From the working directory. A leading "./" is dropped, as
		// Claude Code drops it: "./.env" is ".env", which (no slash
		// left) matches a file of that name at any depth, like a
		// .gitignore line (checked with Claude Code 2.1.328: it guards
		// sub/.env too). "../x" stays a path from the working directory.
		rel := spec
		for strings.HasPrefix(rel, "./") {
			rel = strings.TrimLeft(rel[2:], "/")
		}
		r.base, r.rel = "cwd", rel
		name := strings.TrimSuffix(rel, "/")
		if name != "" && !strings.Contains(name, "/") {
			// A name at any depth; "name/" (a directory) too: a
			// match on any segment of the path covers what is below.
			r.rel, r.anyDepth = name, true
			return r
		}
	}
	if strings.HasSuffix(r.rel, "/") {
		// "dir/" names a directory: everything inside it.
		r.rel += "**"
	}
	return r
}

// Places are the directories the anchors resolve to.
type Places struct {
	// Cwd is the event's working directory (its "cwd" field), the
	// anchor of relative patterns and of relative paths in the input.
	Cwd string
	// ProjectDir anchors "/p" patterns; Home anchors "~/p".
	ProjectDir string
	Home       string
}

// match tests an absolute, clean file path. ok is false when the rule
// cannot be resolved (its anchor directory is unknown): the caller then
// treats it as a match.
func (r pathRule) match(file string, pl Places) (matched, ok bool) {
	var base string
	switch r.base {
	case "root":
		base = "/"
	case "home":
		base = pl.Home
	case "project":
		base = pl.ProjectDir
	default:
		base = pl.Cwd
	}
	if base == "" || !path.IsAbs(base) {
		return false, false
	}
	base = path.Clean(base)
	if r.anyDepth {
		if !within(file, base) {
			return false, true
		}
		g, err := compilePathGlob(r.rel)
		if err != nil {
			return false, false
		}
		rest := strings.TrimPrefix(strings.TrimPrefix(file, base), "/")
		for _, seg := range strings.Split(rest, "/") {
			if seg != "" && g.Match(seg) {
				return true, true
			}
		}
		return false, true
	}
	full := path.Join(quoteGlob(base), r.rel)
	g, err := compilePathGlob(full)
	if err != nil {
		return false, false
	}
	// The path itself, or a directory above it (a directory's rule
	// covers its contents).
	for p := file; ; p = path.Dir(p) {
		if g.Match(p) {
			return true, true
		}
		if p == "/" || p == "." {
			break
		}
	}
	return false, true
}

// compilePathGlob compiles a path glob as .gitignore reads one: "*" and
// "?" stay within a segment, "**/" matches zero or more segments.
func compilePathGlob(s string) (*glob.Pattern, error) {
	return glob.Compiler{Separators: []rune{'/'}, Globstar: true}.Compile(s)
}

// within reports whether file is dir or below it.
func within(file, dir string) bool {
	return file == dir || dir == "/" || strings.HasPrefix(file, dir+"/")
}

// quoteGlob escapes a directory's name for use in a glob.
func quoteGlob(s string) string {
	return glob.QuoteMeta(s)
}

// resolvePath makes a tool's path absolute (relative to the working
// directory) and clean; ok is false when that is not possible.
func resolvePath(p string, pl Places) (string, bool) {
	switch {
	case p == "":
		return "", false
	case strings.HasPrefix(p, "~/") && pl.Home != "":
		p = path.Join(pl.Home, p[2:])
	case !path.IsAbs(p):
		if pl.Cwd == "" || !path.IsAbs(pl.Cwd) {
			return "", false
		}
		p = path.Join(pl.Cwd, p)
	}
	return path.Clean(p), true
}
