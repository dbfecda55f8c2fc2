package runner

import "github.com/hookexec/hookexec/internal/progpath"

// Program is where a program was found on a PATH (LookProgram). A Spec
// carries it so that the spawn of a hook whose shell the planner has just
// looked up does not search the same PATH again: it is used only for the
// same Argv[0] and an Env with the same PATH and PATHEXT.
type Program struct {
	name, path, pathList, pathExt string
}

// LookProgram is HasProgram, and where name was found.
func LookProgram(name string, env []string) (Program, bool) {
	if name == "" {
		return Program{}, false
	}
	env = dedupEnv(env)
	path, err := lookPath(name, env)
	if err != nil || progpath.Check(path) != nil {
		return Program{}, false
	}
	pathList, _ := envValue(env, "PATH")
	pathExt, _ := envValue(env, "PATHEXT")
	return Program{name: name, path: path, pathList: pathList, pathExt: pathExt}, true
}

// HasProgram reports whether Run would find name as Argv[0] with env as
// Spec.Env: on env's PATH (with env's PATHEXT on Windows), or as a path
// when name has a slash (relative names are checked against the current
// directory).
func HasProgram(name string, env []string) bool {
	_, ok := LookProgram(name, env)
	return ok
}

// pathFor is where the spawn finds argv0 with env (deduplicated): p's
// path when p was found for argv0 on the same PATH and PATHEXT, else a
// fresh lookPath.
func (p Program) pathFor(argv0 string, env []string) (string, error) {
	if p.name != "" && p.name == argv0 {
		pathList, _ := envValue(env, "PATH")
		pathExt, _ := envValue(env, "PATHEXT")
		if pathList == p.pathList && pathExt == p.pathExt {
			return p.path, nil
		}
	}
	return lookPath(argv0, env)
}
