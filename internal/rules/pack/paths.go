package pack

import (
	"path"
	"strings"

	"github.com/hookexec/hookexec/internal/permrule"
	"github.com/hookexec/hookexec/internal/shellcmd"
)

// place is where a path a command names lies, for the delete checks.
type place int

const (
	placeUnknown     place = iota // known only at run time, or relative with no working directory
	placeRoot                     // / or its contents
	placeHome                     // the home directory (or another user's), or its contents
	placeSystem                   // a system directory or what is in it
	placeProjectRoot              // the project's root
	placeProject                  // inside the project
	placeTemp                     // a temporary directory
	placeOutside                  // anywhere else outside the project
)

// String says where, as a denial's reason does.
func (p place) String() string {
	switch p {
	case placeRoot:
		return "the root directory"
	case placeHome:
		return "the home directory or a path in it"
	case placeSystem:
		return "a system directory"
	case placeProjectRoot:
		return "the project root"
	case placeProject:
		return "the project"
	case placeTemp:
		return "a temporary directory"
	case placeOutside:
		return "a path outside the project"
	}
	return "a path known only at run time"
}

// systemDirs are the top directories of the systems' own files.
var systemDirs = []string{
	"/bin", "/boot", "/dev", "/etc", "/lib", "/lib32", "/lib64", "/libx32", "/opt", "/proc",
	"/root", "/run", "/sbin", "/sys", "/usr", "/var", "/home", "/Users", "/System", "/Library",
	"/Applications", "/private", "/Volumes", "/nix", "/snap", "/mnt", "/media",
}

// tempDirs are the temporary directories, where deleting is everyday work.
var tempDirs = []string{"/tmp", "/var/tmp", "/private/tmp", "/private/var/tmp", "/var/folders", "/private/var/folders", "/dev/shm"}

// locate says where the word w of a command lies. command is the whole
// command line (an assignment of TMPDIR in it makes $TMPDIR unknown).
func locate(w shellcmd.Word, pl permrule.Places, command string) place {
	t := w.Text
	if w.Dynamic {
		if startsWithVar(t, "TMPDIR") && !strings.Contains(command, "TMPDIR=") && !strings.Contains(t, "..") {
			return placeTemp
		}
		if startsWithVar(t, "HOME") {
			return placeHome
		}
		return placeUnknown
	}
	if t == "{}" {
		return placeUnknown
	}
	if strings.HasPrefix(t, "~") {
		// ~ the analyzer did not expand: the home is unknown, or ~user.
		return placeHome
	}
	if !path.IsAbs(t) {
		if pl.Cwd == "" {
			return placeUnknown
		}
		t = path.Join(pl.Cwd, t)
	}
	p := path.Clean(t)
	if i := strings.IndexAny(p, "*?["); i >= 0 {
		// A pattern: where its fixed part ends; "/*" is the root's contents.
		p = path.Dir(p[:i] + "x")
	}
	return classify(p, pl)
}

// classify places a clean absolute path.
func classify(p string, pl permrule.Places) place {
	project := pl.ProjectDir
	switch {
	case p == "/":
		return placeRoot
	case project != "" && p == path.Clean(project):
		return placeProjectRoot
	case project != "" && within(p, project):
		return placeProject
	case pl.Home != "" && within(pl.Home, p):
		// The home directory, or a directory holding it, even when it
		// holds the project too: every pack denies that.
		return placeHome
	case project != "" && within(project, p):
		// An ancestor of the project holds it.
		return placeProjectRoot
	}
	// The home directory before the temporary ones: a HOME inside /tmp
	// (a container's, a CI runner's) is still where the user's work is.
	if pl.Home != "" && within(p, pl.Home) {
		return placeHome
	}
	for _, d := range tempDirs {
		if within(p, d) {
			return placeTemp
		}
	}
	for _, d := range systemDirs {
		if within(p, d) {
			return placeSystem
		}
	}
	return placeOutside
}

// within: p is dir or inside it.
func within(p, dir string) bool {
	dir = path.Clean(dir)
	return p == dir || strings.HasPrefix(p, strings.TrimSuffix(dir, "/")+"/")
}

// startsWithVar: a word that starts with $NAME or ${NAME}, alone or
// followed by a slash.
func startsWithVar(t, name string) bool {
	t = strings.TrimLeft(t, `"`)
	for _, v := range []string{"$" + name, "${" + name + "}"} {
		if rest, ok := strings.CutPrefix(t, v); ok && (rest == "" || rest[0] == '/' || rest[0] == '"') {
			return true
		}
	}
	return false
}
