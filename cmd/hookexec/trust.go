package main

import (
	"bufio"
	"errors"
	"fmt"
	"io"
	"os"
	"strings"

	"github.com/spf13/cobra"
	"golang.org/x/term"

	"github.com/hookexec/hookexec/internal/casefile"
	"github.com/hookexec/hookexec/internal/dirs"
	"github.com/hookexec/hookexec/internal/registry"
	"github.com/hookexec/hookexec/internal/trust"
)

// trustFlags are trust's flags (SPEC §2.4).
type trustFlags struct {
	yes, list, printHash bool
}

func (a *app) trustCommand() *cobra.Command {
	var f trustFlags
	cmd := &cobra.Command{
		Use:   "trust [DIR]",
		Short: "Review a project's hook files and trust them",
		Long: `Review a project's hook files and trust them (SPEC §2.4). hookexec runs a
project's hooks (every file under <project>/.hookexec/, test cases included)
only while the project is as it was when trusted.

trust shows the project root, every file it pins (every file under .hookexec/
and every project file a hook's command names), every hook command and the
warnings; when an older version was trusted, what changed since. It then asks
on a terminal; without one it needs --yes. Any change to a pinned file, or a
new file under .hookexec/, makes the project untrusted until trusted again.
trust refuses, and trusts nothing, while a hook file would switch a guard
off or weaken it: a file that is not valid JSON, a hook or definition with
a field hookexec does not know, a bare timeout under 100 (milliseconds);
fix it, check it with 'hookexec validate FILE' and run trust again.
The last ` + fmt.Sprint(trust.MaxVersions) + ` trusted versions are kept, with no time limit, until newer ones
push them out or 'hookexec untrust --version N' revokes one: switching back to
one needs no new trust.

DIR defaults to the project directory as fire resolves it ($HOOKEXEC_PROJECT_DIR,
the agent variables, else the nearest directory holding .hookexec/ from the
working directory up, else the working directory).

  --list        list the trusted projects: root, versions, newest hash and
                time, and whether the project is trusted, changed or missing;
                under each, every trusted version, newest first: its number,
                when it was trusted, its hash and (current) for the one the
                project has now ('hookexec untrust --version N' revokes one)
  --print-hash  print the project's closure hash, sha256:<hex>; a run with
                HOOKEXEC_TRUST_PROJECT=sha256:<hex> trusts the project only
                while it has this hash (HOOKEXEC_TRUST_PROJECT=1 trusts it as
                it is)`,
		Args: cobra.MaximumNArgs(1),
		RunE: func(cmd *cobra.Command, args []string) error {
			if f.list {
				if len(args) > 0 {
					return errors.New("trust --list takes no directory")
				}
				return registry.WriteTrustedProjects(a.getenv, a.stdout, a.stderr, a.style(a.stdout))
			}
			return a.trust(args, f)
		},
	}
	fl := cmd.Flags()
	fl.BoolVarP(&f.yes, "yes", "y", false, "trust without asking (after reviewing what trust shows)")
	fl.BoolVar(&f.list, "list", false, "list the trusted projects")
	fl.BoolVar(&f.printHash, "print-hash", false, "print the project's closure hash (for HOOKEXEC_TRUST_PROJECT=sha256:<hex>)")
	cmd.MarkFlagsMutuallyExclusive("yes", "list", "print-hash")
	return cmd
}

// projectArg is DIR, else the project directory as fire resolves it
// without an input.
func (a *app) projectArg(args []string) (string, error) {
	if len(args) > 0 {
		return args[0], nil
	}
	return dirs.ProjectRoot("", a.getenv, "")
}

func (a *app) trust(args []string, f trustFlags) error {
	dir, err := a.projectArg(args)
	if err != nil {
		return err
	}
	review, err := registry.ReviewWithCases(dir, casefile.InlineConfigs)
	if err != nil {
		return err
	}
	if r := review.Refused(); f.printHash && len(r) > 0 {
		return fmt.Errorf("%s cannot be trusted: hookexec refuses %s", review.Root, strings.Join(r, "; "))
	}
	if f.printHash {
		_, err := fmt.Fprintln(a.stdout, review.Hash)
		return stdoutError(err)
	}
	err = review.TrustAsking(a.getenv, a.stdout, a.stderr, a.style(a.stdout), a.askTrust(f.yes))
	switch {
	case errors.Is(err, errNoTerminal):
		return fmt.Errorf("not trusted: no terminal to ask on; review the above and pass --yes to trust %s", review.Root)
	case errors.Is(err, errDeclined):
		return fmt.Errorf("not trusted: %s", review.Root)
	}
	return err
}

// errNoTerminal and errDeclined are why askTrust did not trust.
var (
	errNoTerminal = errors.New("no terminal to ask on")
	errDeclined   = errors.New("declined")
)

// askTrust is how trust and init ask before trusting a project: not at
// all with yes; else on a terminal, errNoTerminal without one and
// errDeclined on any answer but yes.
func (a *app) askTrust(yes bool) func() error {
	if yes {
		return nil
	}
	return func() error {
		if !interactive(a.stdin, a.stdout, a.stderr) {
			return errNoTerminal
		}
		ok, err := confirm(a.stdin, a.stderr, "Trust this project? [y/N] ")
		if err == nil && !ok {
			err = errDeclined
		}
		return err
	}
}

// interactive reports whether trust may ask: stdin, stdout and stderr are
// all terminals, so the person answering has seen the review.
func interactive(stdin io.Reader, stdout, stderr io.Writer) bool {
	for _, s := range []any{stdin, stdout, stderr} {
		f, ok := s.(*os.File)
		if !ok || !term.IsTerminal(int(f.Fd())) {
			return false
		}
	}
	return true
}

// confirm asks question on w and reads one answer line from r: "y" or
// "yes" (any case) is yes; anything else, or no answer, is no. A question
// that could not be written is not asked.
func confirm(r io.Reader, w io.Writer, question string) (bool, error) {
	if _, err := fmt.Fprint(w, question); err != nil {
		return false, err
	}
	line, err := bufio.NewReader(r).ReadString('\n')
	if err != nil && !errors.Is(err, io.EOF) {
		return false, err
	}
	switch strings.ToLower(strings.TrimSpace(line)) {
	case "y", "yes":
		return true, nil
	}
	return false, nil
}
