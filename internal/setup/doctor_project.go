package setup

import (
	"context"
	"fmt"
	"strings"

	"github.com/hookexec/hookexec/internal/registry"
)

// platformCheck says how well hookexec controls a hook's processes here
// (docs/platforms.md).
func platformCheck(goos, goarch string) Check {
	c := Check{Name: "platform", OK: true}
	p := goos + "/" + goarch
	is64 := strings.Contains(goarch, "64")
	switch {
	case goos == "linux":
		c.Detail = p + ": supported; a timed-out hook's whole process tree is stopped (process group, tree walk, subreaper)"
	case goos == "darwin" || goos == "freebsd" && is64:
		c.Detail = p + ": supported; a timed-out hook's process group and tree are stopped, but a daemon that double-forked before the timeout escapes (no subreaper)"
	case goos == "windows":
		c.Detail = p + ": supported; hooks run in a Job Object (all die with it); owner and ACLs of config files are not checked; the agents run hookexec's command through Git Bash when installed"
	case goos == "netbsd" || goos == "openbsd" || goos == "dragonfly" || goos == "freebsd":
		c.Detail = p + ": group only: on a timeout only the hook's process group is stopped; processes that left it (setsid, double fork) escape"
	default:
		c.OK = false
		c.Detail = p + ": not a platform hookexec supports: hooks may not be stopped on a timeout"
		c.Fix = "run the agent on Linux, macOS, FreeBSD or Windows"
	}
	return c
}

// configCheck validates the configs fire would load (validate's checks):
// it fails on every error, so on whatever keeps a guard from running or
// weakens it (an entry or file fire skips, a field hookexec does not
// know, a timeout that cannot be meant: registry.Diagnostic.Weakens).
func configCheck(ctx context.Context, opts DoctorOptions, pol *Policies, loadErr error) Check {
	c := Check{Name: "configs"}
	if loadErr != nil {
		c.Detail = loadErr.Error()
		c.Fix = "fix the file named (fire stops at this error, and the agent proceeds without any policy); 'hookexec validate' shows every problem"
		return c
	}
	report, err := registry.Validate(ctx, registry.Options{ProjectDir: opts.ProjectDir, Getenv: opts.Getenv})
	if err != nil {
		c.Detail = err.Error()
		c.Fix = "fix the problem named, then run 'hookexec validate'"
		return c
	}
	if n := report.Count(registry.SeverityError); n > 0 {
		var lines []string
		for _, d := range report.Findings() {
			if d.Severity == registry.SeverityError && len(lines) < 5 {
				lines = append(lines, d.String())
			}
		}
		if n > len(lines) {
			lines = append(lines, fmt.Sprintf("... %d errors in all", n))
		}
		c.Detail = strings.Join(lines, "\n")
		c.Fix = "fix each error ('hookexec validate' lists them): fire skips an invalid entry or file and denies the calls its guards would have checked, and a timeout no one means kills a guard before it decides"
		return c
	}
	if lines := projectExecs(report); len(lines) > 0 {
		c.Detail = strings.Join(lines, "\n")
		c.Fix = "a hook of yours runs a file of the project: any repository's file of that name runs as yours; keep your guards' scripts outside projects and name them by absolute paths, or move the hook into the project's .hookexec/hooks.json, which runs only once trusted"
		return c
	}
	hooks := len(pol.Reg.Hooks)
	if len(report.Files) == 0 || hooks == 0 {
		c.Detail = "no hook configured: hookexec would run nothing"
		c.Fix = "write your policies in .hookexec/hooks.json ('hookexec init' starts one)"
		return c
	}
	c.OK = true
	var files []string
	for _, f := range report.Files {
		files = append(files, f.Path)
	}
	c.Detail = fmt.Sprintf("%d hooks in %s; no errors", hooks, strings.Join(files, ", "))
	return c
}

// trustCheck: the project's hook files run only once trusted, as fire
// decides.
func trustCheck(opts DoctorOptions) Check {
	c := Check{Name: "trust"}
	reg, err := registry.Load(registry.Options{ProjectDir: opts.ProjectDir, Getenv: opts.Getenv})
	if err != nil {
		c.Detail = err.Error()
		c.Fix = "fix the config error first (see configs)"
		return c
	}
	switch {
	case len(reg.Untrusted) > 0:
		c.Detail = fmt.Sprintf("not trusted, so fire denies every event that can block until they are: %s", strings.Join(reg.Untrusted, ", "))
		c.Fix = fmt.Sprintf("review them and run 'hookexec trust %s'", shellQuote(opts.ProjectDir))
	case len(reg.Pending) > 0:
		c.Detail = fmt.Sprintf("changed since trusted, so fire denies every event that can block until the change is reviewed: %s", strings.Join(reg.Pending, ", "))
		c.Fix = fmt.Sprintf("review the change and run 'hookexec trust %s'", shellQuote(opts.ProjectDir))
	case len(reg.Broken) > 0:
		c.Detail = fmt.Sprintf("cannot be read or parsed, so fire denies every event that can block: %s", strings.Join(reg.Broken, ", "))
		c.Fix = "fix them ('hookexec validate'), then run 'hookexec trust'"
	default:
		c.OK = true
		c.Detail = "the project has no hook files of its own"
		for _, f := range reg.Files {
			if f.Project {
				c.Detail = "the project's hook files are trusted"
			}
		}
	}
	return c
}

// projectExecs lists (at most 5 of) validate's findings about hooks of the
// user's that execute a project file (SPEC §2.4).
func projectExecs(report *registry.Report) []string {
	var lines []string
	n := 0
	for _, d := range report.Findings() {
		if d.RunsProjectFile {
			if n++; n <= 5 {
				lines = append(lines, d.String())
			}
		}
	}
	if n > 5 {
		lines = append(lines, fmt.Sprintf("... %d in all", n))
	}
	return lines
}
