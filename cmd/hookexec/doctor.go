package main

import (
	"fmt"
	"strings"
	"time"

	"github.com/spf13/cobra"

	"github.com/hookexec/hookexec/internal/audit"
	"github.com/hookexec/hookexec/internal/dirs"
	"github.com/hookexec/hookexec/internal/setup"
)

func (a *app) doctorCommand() *cobra.Command {
	var format, projectDir string
	cmd := &cobra.Command{
		Use:   "doctor [" + strings.Join(agentNames(), "|") + "...]",
		Short: "Check that the agents run hookexec and that it runs your policies",
		Long: `Check every way a setup fails open, and say how to fix each failure:

  platform     how well hookexec stops a timed-out hook's processes here
  configs      the configs fire loads validate (fire skips what is invalid): no
               file or hook skipped, no unknown field, no timeout no one means
  trust        the project's .hookexec/ is trusted (else its hooks are skipped)
  AGENT settings    the settings files are readable; no hookexec entry under a matcher
  AGENT binary      each entry's program exists (or is on PATH) and is this version;
                    a program inside the project or reached through one of its
                    links is never run and fails
  AGENT events      every event with policies has a hookexec entry
  AGENT timeouts    each entry's timeout covers its longest hook plus the kill grace
  AGENT duplicates  no policy runs twice (user and project settings, or both an
                    agent hook and a hookexec hook)
  gemini hooksConfig  hooksConfig.enabled is true
  claude http entries  install --http's entries call one address, with the
                    token and project headers; SessionStart starts the server
  claude http token    the token in the settings is the token file's; the
                    files that hold it are readable by you only
  claude http server   hookexec serve answers at the address, proves it holds
                    the token, and is this version

Without an agent, doctor checks the agents whose settings files (in the
project or in your home directory) have hookexec entries, else those whose
settings files exist.

Exit status: 0 when every check passed, 1 otherwise.`,
		ValidArgs: agentNames(),
		RunE: func(cmd *cobra.Command, args []string) error {
			if format != "text" && format != "json" {
				return fmt.Errorf("invalid --format %q (supported: text, json)", format)
			}
			opts := setup.DoctorOptions{Getenv: a.getenv, Version: buildVersion(), Serve: a.serveProbe(), GuardOffs: a.guardOffs}
			for _, name := range args {
				ag, err := setup.ParseAgent(name)
				if err != nil {
					return err
				}
				opts.Agents = append(opts.Agents, ag)
			}
			var err error
			if opts.ProjectDir, err = dirs.ProjectRoot(projectDir, a.getenv, ""); err != nil {
				return err
			}
			if opts.Program, err = setup.ThisProgram(); err != nil {
				return err
			}
			report := setup.Doctor(cmd.Context(), opts)
			if format == "json" {
				err = writeJSON(a.stdout, report)
			} else {
				err = report.WriteText(a.stdout, a.style(a.stdout))
			}
			if err != nil {
				return err
			}
			if !report.OK {
				return silentStatus(exitError)
			}
			return nil
		},
	}
	fl := cmd.Flags()
	fl.StringVar(&format, "format", "text", "output format: text or json")
	fl.StringVar(&projectDir, "project-dir", "", "project directory (default: $HOOKEXEC_PROJECT_DIR, agent variables, the nearest directory with .hookexec/ from the working directory up)")
	return cmd
}

// guardOffs reads the decision log's records of project since a time
// where a guard was off, for doctor (setup.GuardOffs).
func (a *app) guardOffs(project string, since time.Time) ([]setup.GuardOffRecord, error) {
	l, err := audit.Locate(a.getenv)
	if err != nil {
		return nil, err
	}
	entries, _, err := l.Tail(audit.Query{GuardOff: true, Since: since, Project: project}, 0)
	if err != nil {
		return nil, err
	}
	out := make([]setup.GuardOffRecord, 0, len(entries))
	for _, e := range entries {
		var r setup.GuardOffRecord
		for _, g := range e.GuardOff {
			r.Kinds = append(r.Kinds, g.Kind)
			r.OptedOut = r.OptedOut || g.OptedOut
		}
		out = append(out, r)
	}
	return out, nil
}
