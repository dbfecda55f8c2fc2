package main

import (
	"fmt"
	"strings"

	"github.com/spf13/cobra"

	"github.com/hookexec/hookexec/internal/agents"
	"github.com/hookexec/hookexec/internal/dirs"
	"github.com/hookexec/hookexec/internal/setup"
)

// installFlags are install's flags.
type installFlags struct {
	user, project bool
	events        string
	failClosed    bool
	failOpen      bool
	dryRun        bool
	doubleFire    bool
	projectDir    string
	http          bool
	httpAddr      string
	portable      bool
}

// agentNames are install's, uninstall's and doctor's arguments: the
// agents of the table.
func agentNames() []string { return agents.Names() }

func (a *app) installCommand() *cobra.Command {
	var f installFlags
	cmd := &cobra.Command{
		Use:   "install " + strings.Join(agentNames(), "|"),
		Short: "Add hookexec's entries to an agent's settings file",
		Long: `Add hookexec's entries to an agent's settings file, in the project (--project,
the default) or in your home directory (--user).

Which project file (docs/install.md, "Teams: what to commit"):
  - default: the entries run this hookexec binary by its absolute path, so
    they work whatever PATH the agent gives its hooks. Where the agent has
    a settings file that is not committed (Claude Code's
    .claude/settings.local.json), they go there, and install adds it to
    .gitignore when no .gitignore ignores it; an earlier install's entries in the
    committed file (.claude/settings.json) are taken out, the rest of that
    file kept. Any other agent gets them in its project file
    (.gemini/settings.json, ...), with a warning not to commit it.
  - --portable (Claude Code): the entries run 'hookexec' by name, found on
    PATH, in the committed .claude/settings.json, for the team to commit.
    Safe only because each entry where Claude Code applies it gets
    "onFailure": "block": a teammate without hookexec on the agent's PATH
    gets blocked actions with a message, never unguarded ones. An agent
    without such an option refuses --portable, as do --user, --http and
    --fail-open with it.
  - --user: ~/.claude/settings.json, ~/.gemini/settings.json, ...; the
    project's hookexec entries are taken out (the agent would run both).
An entry runs '/path/to/hookexec' (--portable: hookexec) fire EVENT
--format claude|gemini|... [--fail-closed].

For Claude Code, entries for events that can block also get
"onFailure": "block", so that a missing, crashing or hung hookexec blocks the
action instead of letting it through (--fail-open leaves it out). Each has
the agent's timeout set to the longest time fire may take for the event
(the longest hook timeout of the configs hookexec loads for the project, plus
the 1 s kill grace and a margin; at least 120 s), in the agent's unit.
Without --events, the events are those the configs have hooks for, plus
SessionStart; with no config yet, the events of the agent's recipe
(docs/agents/NAME.md).

Every other key and your own hooks stay as they are. A second install with
nothing new changes nothing. The file as it was before hookexec's entries is
kept next to it (settings.json.before-hookexec); 'hookexec uninstall' puts it
back, in each of the project's files. A settings file that is not valid
JSON, or whose "hooks" has a shape hookexec does not know, is refused and
left untouched.

Each agent gets its entries in its own shape (docs/install.md): flat entries
for Copilot CLI and Cursor, a file of hookexec's own where the agent reads a
whole directory, one script per event for Cline, a marked block for Kimi
Code. An agent that also runs another agent's hooks (Cursor and Copilot CLI
run Claude Code's) would run every policy twice when hookexec is installed
for both: install refuses the second set and says how to choose, unless
--double-fire.

With --http (Claude Code), the entries are "type": "http" hooks that send
each event to 'hookexec serve --http' (no process per event): one per
event Claude Code sends over http, URL http://ADDR/v1/claude/EVENT (with
?on-failure=run-hookexec-doctor, which Claude shows when it fails), with
"onFailure": "block" (a server that is down blocks the action); SessionStart
keeps its command entry and gets 'hookexec serve --http ADDR --ensure',
which starts the server when none answers. The token the server checks
(serve-token in the user's config directory, created if missing) goes into
the settings file's "env" block: ~/.claude/settings.json with --user, else
the project's uncommitted .claude/settings.local.json (never the committed
settings.json); the file is made readable by you only (0600). ADDR is
--http-addr, else 127.0.0.1 and a port of your own. Qwen Code and Copilot CLI
refuse --http (their http hooks fail open, or refuse plain http): their
command entries are the safe ones. 'hookexec install' without --http goes
back to the command entries; docs/install.md.`,
		Example: `  hookexec install claude
  hookexec install claude --portable
  hookexec install gemini --user --events BeforeTool,AfterAgent
  hookexec install claude --fail-closed --dry-run
  hookexec install claude --http --user`,
		Args:      cobra.ExactArgs(1),
		ValidArgs: agentNames(),
		RunE: func(cmd *cobra.Command, args []string) error {
			return a.install(cmd, args[0], f)
		},
	}
	fl := cmd.Flags()
	fl.BoolVar(&f.user, "user", false, "install into the user's settings (~/.claude/settings.json, ...)")
	fl.BoolVar(&f.project, "project", false, "install into the project's settings (the default)")
	fl.StringVar(&f.events, "events", "", "comma-separated events to set up (default: those the configs have hooks for)")
	fl.BoolVar(&f.failClosed, "fail-closed", false, "make the entries fail closed (fire --fail-closed); --fail-closed=false takes it off (default: keep what an entry has)")
	fl.BoolVar(&f.failOpen, "fail-open", false, "Claude Code: leave \"onFailure\": \"block\" out of the entries (and take it off), so that a missing, crashing or hung hookexec lets actions through")
	fl.BoolVar(&f.dryRun, "dry-run", false, "print what would change and the new file, and write nothing")
	fl.BoolVar(&f.doubleFire, "double-fire", false, "install even where an agent that also runs another agent's hooks (Cursor and Copilot CLI run Claude Code's) would then run every policy twice")
	fl.StringVar(&f.projectDir, "project-dir", "", "project directory (default: $HOOKEXEC_PROJECT_DIR, agent variables, the nearest directory with .hookexec/ from the working directory up)")
	fl.BoolVar(&f.http, "http", false, "Claude Code: http entries answered by 'hookexec serve --http' (no process per event), the server started at SessionStart, the token in the settings' env block")
	fl.BoolVar(&f.portable, "portable", false, "Claude Code, --project: entries that run 'hookexec' by name (found on PATH), with \"onFailure\": \"block\", in the committed settings file, for the team to commit")
	fl.StringVar(&f.httpAddr, "http-addr", "", "with --http: the server's address, 127.0.0.1:PORT, [::1]:PORT or localhost:PORT (default: 127.0.0.1 and a port of your own)")
	cmd.MarkFlagsMutuallyExclusive("user", "project")
	_ = cmd.RegisterFlagCompletionFunc("events", eventCompletion)
	return cmd
}

func (a *app) install(cmd *cobra.Command, agentName string, f installFlags) error {
	ag, err := setup.ParseAgent(agentName)
	if err != nil {
		return err
	}
	projectDir, err := dirs.ProjectRoot(f.projectDir, a.getenv, "")
	if err != nil {
		return err
	}
	program, err := setup.ThisProgram()
	if err != nil {
		return err
	}
	opts := setup.InstallOptions{Agent: ag, Scope: scopeOf(f.user), ProjectDir: projectDir, Getenv: a.getenv, Program: program, FailOpen: f.failOpen, DryRun: f.dryRun, DoubleFire: f.doubleFire, Portable: f.portable}
	if cmd.Flags().Changed("events") {
		opts.Events = strings.Split(f.events, ",")
	}
	if cmd.Flags().Changed("fail-closed") {
		opts.FailClosed = &f.failClosed
	}
	if f.httpAddr != "" && !f.http {
		return fmt.Errorf("--http-addr is for install --http")
	}
	if f.http {
		if opts.HTTP, err = a.httpInstall(f.httpAddr, f.dryRun); err != nil {
			return err
		}
	}
	res, err := setup.Install(opts)
	if err != nil {
		return err
	}
	return res.WriteText(a.stdout, f.dryRun)
}

func scopeOf(user bool) setup.Scope {
	if user {
		return setup.UserScope
	}
	return setup.ProjectScope
}
