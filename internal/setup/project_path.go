package setup

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
)

// maxLinkHops bounds how many symbolic links projectControl follows, as
// the kernel bounds a lookup (ELOOP).
const maxLinkHops = 40

// projectControl says why the project decides what path is, or "" when it
// does not (SPEC §2.4). It judges the path as written
// and every step of its resolution, one link at a time: a path inside the
// project, a link inside the project (whatever it points at) and a link
// outside that leads into the project are all the repository's, which can
// rewrite or re-point them at any time. path is absolute.
func projectControl(path, projectDir string) string {
	roots := []string{filepath.Clean(projectDir), canonicalPath(projectDir)}
	p := filepath.Clean(path)
	if within(p, roots) {
		if target, err := os.Readlink(p); err == nil {
			return fmt.Sprintf("%s is inside the project (a link to %s)", p, target)
		}
		return p + " is inside the project"
	}
	for hops := 0; ; hops++ {
		if hops > maxLinkHops {
			return fmt.Sprintf("%s leads through more than %d links", path, maxLinkHops)
		}
		next, link, ok := resolveOneLink(p)
		if !ok {
			return ""
		}
		p = next
		if within(p, roots) {
			return fmt.Sprintf("%s is reached through %s, which points inside the project (%s)", path, link, p)
		}
	}
}

// resolveOneLink replaces the first symbolic link among p's components by
// its target: the new path, the link, and ok false when p has no link (or
// a component cannot be read: then there is nothing more to follow).
func resolveOneLink(p string) (next, link string, ok bool) {
	vol := filepath.VolumeName(p)
	rest := strings.TrimPrefix(p[len(vol):], string(filepath.Separator))
	cur := vol + string(filepath.Separator)
	parts := strings.Split(rest, string(filepath.Separator))
	for i, part := range parts {
		if part == "" {
			continue
		}
		candidate := filepath.Join(cur, part)
		fi, err := os.Lstat(candidate)
		if err != nil {
			return "", "", false
		}
		if fi.Mode()&os.ModeSymlink != 0 {
			target, err := os.Readlink(candidate)
			if err != nil {
				return "", "", false
			}
			if !filepath.IsAbs(target) {
				target = filepath.Join(cur, target)
			}
			return filepath.Join(append([]string{target}, parts[i+1:]...)...), candidate, true
		}
		cur = candidate
	}
	return "", "", false
}

// within reports whether p (clean, absolute) is one of roots or under one.
func within(p string, roots []string) bool {
	for _, r := range roots {
		rel, err := filepath.Rel(r, p)
		if err == nil && rel != ".." && !strings.HasPrefix(rel, ".."+string(filepath.Separator)) && !filepath.IsAbs(rel) {
			return true
		}
	}
	return false
}

// refuseProjectLinks refuses a project settings path that a repository
// could point elsewhere (SPEC §2.4): a symbolic link at
// the settings file, its backup, or a directory between the project and
// the file would make install (or uninstall) write wherever the
// repository chose. verb is "install" or "uninstall". The user's own
// settings (--user) may be a dotfiles link: only the project's are
// checked.
func refuseProjectLinks(projectDir, path, verb string) error {
	rel, err := filepath.Rel(projectDir, path)
	if err != nil || !within(filepath.Clean(path), []string{filepath.Clean(projectDir)}) {
		return nil
	}
	parts := strings.Split(rel, string(filepath.Separator))
	check := make([]string, 0, len(parts)+1)
	for i := range parts {
		check = append(check, filepath.Join(append([]string{projectDir}, parts[:i+1]...)...))
	}
	check = append(check, backupPath(path))
	for _, p := range check {
		fi, err := os.Lstat(p)
		if err != nil || fi.Mode()&os.ModeSymlink == 0 {
			continue
		}
		target, _ := os.Readlink(p)
		return fmt.Errorf("setup: %s is a symbolic link (to %s) inside the project: the repository decides where %s would write, so nothing was changed: replace the link with a regular file (or remove it) and run %s again, or use --user", p, target, verb, verb)
	}
	return nil
}
