package engine

import "github.com/hookexec/hookexec/internal/runner"

// programs are the programs the planner found on the PATH of one fire
// (the default shells, SPEC §4.2), by name, so that the spawn of a hook
// that runs one does not search the same PATH again (runner.Spec.Program:
// the runner uses it only for an environment with the same PATH).
type programs map[string]runner.Program

// lookup is planner.Options.HasProgram on environ's PATH, remembering
// what it finds in ps.
func (ps programs) lookup(environ []string) func(string) bool {
	return func(name string) bool {
		p, ok := runner.LookProgram(name, environ)
		if ok {
			ps[name] = p
		}
		return ok
	}
}

// program is where argv's program was found by the planner, if it was.
func (ps programs) program(argv []string) runner.Program {
	if len(argv) == 0 {
		return runner.Program{}
	}
	return ps[argv[0]]
}
