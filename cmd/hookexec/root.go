package main

import (
	"errors"
	"fmt"
	"io"
	"os"
	"strings"

	"github.com/rs/zerolog"
	"github.com/spf13/cobra"

	"github.com/hookexec/hookexec/internal/background"
	"github.com/hookexec/hookexec/internal/safefile"
	"github.com/hookexec/hookexec/internal/termstyle"
)

// app is what every command shares: stdio, the environment and the logger.
type app struct {
	stdin          io.Reader
	stdout, stderr io.Writer
	getenv         func(string) string

	verbose  bool
	logLevel string
	logFile  string
	logClose func() error
	color    *value[termstyle.Mode] // --color (color.go)
}

// run builds the command tree, executes args and returns the exit status.
func run(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	a := &app{stdin: stdin, stdout: stdout, stderr: stderr, getenv: os.Getenv}
	root := a.rootCommand(verbOf(args))
	root.SetArgs(args)
	err := root.Execute()
	if a.logClose != nil {
		_ = a.logClose()
	}
	return exitCode(err, stderr)
}

// verbs are hookexec's commands, in the order of the help.
var verbs = []string{"fire", "plan", "validate", "test", "trust", "untrust", "init", "install", "uninstall", "doctor", "schema", "serve", "log", "why", "version", background.Verb, keeperVerb}

// subcommand builds the command named verb, nil when there is none.
func (a *app) subcommand(verb string) *cobra.Command {
	switch verb {
	case "fire":
		return a.fireCommand()
	case "plan":
		return a.planCommand()
	case "validate":
		return a.validateCommand()
	case "test":
		return a.testCommand()
	case "trust":
		return a.trustCommand()
	case "untrust":
		return a.untrustCommand()
	case "init":
		return a.initCommand()
	case "install":
		return a.installCommand()
	case "uninstall":
		return a.uninstallCommand()
	case "doctor":
		return a.doctorCommand()
	case "schema":
		return a.schemaCommand()
	case "serve":
		return a.serveCommand()
	case "log":
		return a.logCommand()
	case "why":
		return a.whyCommand()
	case "version":
		return a.versionCommand()
	case background.Verb:
		return a.backgroundCommand()
	case keeperVerb:
		return a.keeperCommand()
	}
	return nil
}

// verbOf is the command args name (the first argument that is neither a
// flag of the root nor a flag's value), "" when there is none or the
// arguments end flag parsing ("--").
func verbOf(args []string) string {
	for i := 0; i < len(args); i++ {
		switch arg := args[i]; {
		case arg == "--":
			return ""
		case arg == "--log-level" || arg == "--log-file" || arg == "--color":
			i++ // its value
		case strings.HasPrefix(arg, "-"):
		default:
			return arg
		}
	}
	return ""
}

// rootCommand builds the root command with, when verb is one of hookexec's
// commands, that command alone: an agent event pays for building `fire`
// and its flags, not the other commands, their flags and the completion
// set-up, which would cost every event. Anything else (help, completion,
// --version, a misspelt command that cobra suggests a name for) gets the
// whole tree.
func (a *app) rootCommand(verb string) *cobra.Command {
	root := &cobra.Command{
		Use:   "hookexec",
		Short: "Execute coding-agent hooks",
		Long: "hookexec runs coding-agent hooks: it loads hook configs, runs the hooks that match an event with the event JSON on stdin, merges their answers and prints one JSON verdict.\n\n" +
			"To guard a project: 'hookexec init' (a starter policy, trusted), 'hookexec install claude' (or another agent), 'hookexec doctor'. " +
			"Afterwards 'hookexec log --blocked' lists what was blocked and 'hookexec why' explains the last block.",
		SilenceUsage:  true,
		SilenceErrors: true,
	}
	root.SetIn(a.stdin)
	root.SetOut(a.stdout)
	root.SetErr(a.stderr)
	root.SetFlagErrorFunc(func(c *cobra.Command, err error) error {
		var bad *valueError
		if errors.As(err, &bad) {
			return bad // the flag's own message (flagvalues.go)
		}
		return fmt.Errorf("%w (see '%s --help')", err, c.CommandPath())
	})
	pf := root.PersistentFlags()
	pf.BoolVarP(&a.verbose, "verbose", "v", false, "log debug messages to stderr")
	pf.StringVar(&a.logLevel, "log-level", "", "log level: trace, debug, info, warn, error (default off; debug with -v)")
	pf.StringVar(&a.logFile, "log-file", "", "append logs to this file instead of stderr")
	a.color = flagColor()
	pf.Var(a.color, "color", "colour the reports of validate, doctor, test, trust, log and why: auto (on a terminal without NO_COLOR), always or never")
	if c := a.subcommand(verb); c != nil {
		root.AddCommand(c)
		// Completion needs the whole tree: the single command goes without
		// cobra's completion command.
		root.CompletionOptions.DisableDefaultCmd = true
		return root
	}
	for _, v := range verbs {
		root.AddCommand(a.subcommand(v))
	}
	// --version prints what `hookexec version` prints.
	root.Version = versionLine()
	root.SetVersionTemplate("{{.Version}}\n")
	setUpCompletion(root)
	return root
}

// logger builds the zerolog logger from the logging flags. Logging is off
// unless -v, --log-level or --log-file is given; it never writes to stdout.
func (a *app) logger() (zerolog.Logger, error) {
	level := zerolog.Disabled
	switch {
	case a.logLevel != "":
		l, err := zerolog.ParseLevel(strings.ToLower(a.logLevel))
		if err != nil || a.logLevel == "" {
			return zerolog.Nop(), fmt.Errorf("invalid --log-level %q (want trace, debug, info, warn or error)", a.logLevel)
		}
		level = l
	case a.verbose:
		level = zerolog.DebugLevel
	case a.logFile != "":
		level = zerolog.InfoLevel
	}
	if level == zerolog.Disabled {
		return zerolog.Nop(), nil
	}
	// JSON lines are written shell-inert (safefile.ShellInert).
	var w io.Writer = safefile.ShellInert{W: a.stderr}
	if a.logFile != "" {
		f, err := safefile.OpenOutput("--log-file", a.logFile, os.O_APPEND)
		if err != nil {
			return zerolog.Nop(), err
		}
		a.logClose = f.Close
		w = safefile.ShellInert{W: f}
	} else if isTerminal(a.stderr) {
		w = zerolog.ConsoleWriter{Out: a.stderr, NoColor: !a.style(a.stderr).On()}
	}
	return zerolog.New(w).Level(level).With().Timestamp().Logger(), nil
}

func isTerminal(w io.Writer) bool {
	f, ok := w.(*os.File)
	if !ok {
		return false
	}
	fi, err := f.Stat()
	return err == nil && fi.Mode()&os.ModeCharDevice != 0
}
