package main

import (
	"fmt"
	"strings"

	"github.com/hookexec/hookexec/internal/casefile"
	"github.com/hookexec/hookexec/internal/dirs"
	"github.com/hookexec/hookexec/internal/registry"
	"github.com/hookexec/hookexec/internal/trust"
)

// trustCasesForRun is test --trust-cases (issue 18 §3): the project's
// files, its case files included, are reviewed and shown on stderr (what
// 'hookexec trust' would show), then trusted for this run only, by the
// closure hash of what was shown (HOOKEXEC_TRUST_PROJECT=sha256:<hex>):
// a file that changes after the review is not trusted. Nothing is written
// to the trust store. It is refused when an agent runs hookexec, where a
// model could pass the flag, and while the review refuses a file.
func (a *app) trustCasesForRun(projectDirFlag string) error {
	if marker, ok := trust.UnderAgent(a.getenv); ok {
		return fmt.Errorf("--trust-cases is refused when an agent runs hookexec (%s is set): the model could have passed it; run 'hookexec test --trust-cases' in a terminal, or 'hookexec trust'", marker)
	}
	dir, err := dirs.ProjectRoot(projectDirFlag, a.getenv, "")
	if err != nil {
		return err
	}
	review, err := registry.ReviewWithCases(dir, casefile.InlineConfigs)
	if err != nil {
		return err
	}
	review.WriteText(a.stderr)
	if r := review.Refused(); len(r) > 0 {
		return fmt.Errorf("--trust-cases: %s cannot be trusted while hookexec refuses %s", review.Root, strings.Join(r, "; "))
	}
	// The run is trusted by the closure fire decides with (the config
	// files' named files; the case hooks' named files are shown above but
	// not part of it), after checking that it pins what was shown.
	pinned, err := registry.ReviewProject(dir)
	if err != nil {
		return err
	}
	for rel, pin := range pinned.Pins {
		if review.Pins[rel] != pin {
			return fmt.Errorf("--trust-cases: %s changed while it was reviewed; run the command again", trust.Printable(rel))
		}
	}
	fmt.Fprintf(a.stderr, "hookexec test --trust-cases: running the cases with the files above trusted for this run only (%s); 'hookexec trust' trusts them for good\n", trust.ShortPin(pinned.Hash))
	getenv := a.getenv
	a.getenv = func(name string) string {
		if name == trust.EnvVar {
			return pinned.Hash
		}
		return getenv(name)
	}
	return nil
}
