package setup

import (
	"bytes"
	"context"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"time"

	"github.com/hookexec/hookexec/internal/progpath"
)

// repositoryDecides ends the message of a program the project controls.
const repositoryDecides = ", so the repository decides what runs; not run to check its version"

// versionProbeTimeout bounds `PROGRAM version`.
const versionProbeTimeout = 10 * time.Second

// binaryCheck: every program the agent's hookexec entries run exists, is
// executable (or is on PATH), and is this version of hookexec. Otherwise
// the shell exits 127 (or an old hookexec answers) and the agent goes on.
func (d *agentDoctor) binaryCheck(ctx context.Context) Check {
	c := Check{Name: d.name("binary")}
	seen := map[string]bool{}
	var bad, good []string
	projectOwned, byName := false, false
	for _, f := range d.files {
		var programs []string
		for _, e := range f.fires {
			if !e.IsHTTP { // an http entry runs no program
				programs = append(programs, e.Fire.Program)
			}
		}
		for _, e := range f.ensures {
			programs = append(programs, e.Ensure.Program)
		}
		for _, program := range programs {
			if seen[program] {
				continue
			}
			seen[program] = true
			if msg := d.checkProgram(ctx, program); msg != "" {
				bad = append(bad, fmt.Sprintf("%s (in %s): %s", program, f.path, msg))
				projectOwned = projectOwned || strings.Contains(msg, repositoryDecides)
				byName = byName || !progpath.IsPath(program)
			} else {
				good = append(good, program)
			}
		}
	}
	switch {
	case len(bad) > 0:
		c.Detail = strings.Join(bad, "\n")
		c.Fix = d.installFix() + " with the hookexec you mean the agent to run: it writes that binary's absolute path"
		if byName {
			c.Fix = "put this hookexec (" + d.opts.Version + ") on the PATH " + d.ag.Title + " gives its hooks, on every machine that runs it (install --portable's entries run hookexec by name), or " + d.installFix() + " without --portable: it writes this binary's absolute path into the settings file that is not committed"
		}
		if projectOwned {
			c.Fix += "; use a hookexec installed outside the project: a program inside it, or reached through one of its links, is whatever the repository puts there"
		}
	case len(good) == 0:
		c.Detail = "no hookexec entry in " + d.ag.Title + "'s settings"
		c.Fix = d.installFix()
	default:
		c.OK = true
		c.Detail = "runs " + strings.Join(good, ", ") + ", hookexec " + d.opts.Version
	}
	return c
}

// checkProgram returns what is wrong with the program an entry runs, or "".
func (d *agentDoctor) checkProgram(ctx context.Context, program string) string {
	getenv := d.opts.Getenv
	path := programPath(program, d.opts.ProjectDir)
	if progpath.IsPath(program) {
		path = progpath.Resolve(path, getenv("PATHEXT"))
		if err := progpath.Check(path); err != nil {
			return fmt.Sprintf("%s %v: the agent's shell fails (exit 127) and every policy is off", path, err)
		}
	} else {
		found, err := progpath.Find(program, getenv("PATH"), getenv("PATHEXT"))
		if err != nil {
			return "not found on PATH: the agent's shell fails (exit 127) and every policy is off (the agent's PATH may differ from this one too)"
		}
		path = found
	}
	// Decided before anything is run or compared: a program the project
	// controls is never executed, even when it is this binary today.
	if abs, err := filepath.Abs(path); err == nil {
		if why := projectControl(abs, d.opts.ProjectDir); why != "" {
			return why + repositoryDecides
		}
	}
	if sameFile(path, d.opts.Program) {
		return ""
	}
	got, err := probeVersion(ctx, path)
	if err != nil {
		return fmt.Sprintf("'%s version' failed: %v", path, err)
	}
	if got != d.opts.Version {
		return fmt.Sprintf("is hookexec %s, this is hookexec %s", got, d.opts.Version)
	}
	return ""
}

func sameFile(a, b string) bool {
	if b == "" {
		return false
	}
	fa, errA := os.Stat(a)
	fb, errB := os.Stat(b)
	return errA == nil && errB == nil && os.SameFile(fa, fb)
}

// probeVersion runs `path version` and returns the version word of its
// "hookexec VERSION GO OS/ARCH" line. It is not a hook: a one-off probe
// with a time limit, its input empty.
func probeVersion(ctx context.Context, path string) (string, error) {
	ctx, cancel := context.WithTimeout(ctx, versionProbeTimeout)
	defer cancel()
	var out bytes.Buffer
	cmd := exec.CommandContext(ctx, path, "version")
	cmd.Stdout = &out
	// Never the project directory: a program that reads files of its
	// working directory must not find the repository's there.
	cmd.Dir = filepath.VolumeName(path) + string(filepath.Separator)
	cmd.WaitDelay = time.Second
	if err := cmd.Run(); err != nil {
		return "", err
	}
	fields := strings.Fields(out.String())
	if len(fields) < 2 || fields[0] != "hookexec" {
		return "", fmt.Errorf("it printed %q, not a hookexec version", strings.TrimSpace(out.String()))
	}
	return fields[1], nil
}
