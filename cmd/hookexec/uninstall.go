package main

import (
	"strings"

	"github.com/spf13/cobra"

	"github.com/hookexec/hookexec/internal/dirs"
	"github.com/hookexec/hookexec/internal/setup"
)

func (a *app) uninstallCommand() *cobra.Command {
	var user, project bool
	var projectDir string
	cmd := &cobra.Command{
		Use:   "uninstall " + strings.Join(agentNames(), "|"),
		Short: "Remove hookexec's entries from an agent's settings file",
		Long: `Remove the entries 'hookexec install' writes (a hookexec binary's
'fire EVENT --format ...') from the agent's settings file, with the
definitions and event keys that leaves empty. When the result is the file as
it was before install, its backup's bytes are put back. hookexec commands of
your own (with --config or other options) are left in place.`,
		Args:      cobra.ExactArgs(1),
		ValidArgs: agentNames(),
		RunE: func(cmd *cobra.Command, args []string) error {
			ag, err := setup.ParseAgent(args[0])
			if err != nil {
				return err
			}
			dir, err := dirs.ProjectRoot(projectDir, a.getenv, "")
			if err != nil {
				return err
			}
			program, err := setup.ThisProgram()
			if err != nil {
				return err
			}
			res, err := setup.Uninstall(setup.UninstallOptions{Agent: ag, Scope: scopeOf(user), ProjectDir: dir, Getenv: a.getenv, Program: program})
			if err != nil {
				return err
			}
			return res.WriteText(a.stdout)
		},
	}
	fl := cmd.Flags()
	fl.BoolVar(&user, "user", false, "the user's settings (~/.claude/settings.json, ...)")
	fl.BoolVar(&project, "project", false, "the project's settings (the default)")
	fl.StringVar(&projectDir, "project-dir", "", "project directory (default: $HOOKEXEC_PROJECT_DIR, agent variables, the nearest directory with .hookexec/ from the working directory up)")
	cmd.MarkFlagsMutuallyExclusive("user", "project")
	return cmd
}
