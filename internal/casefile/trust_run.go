package casefile

import (
	"fmt"
	"io"
	"strings"

	"github.com/hookexec/hookexec/internal/dirs"
	"github.com/hookexec/hookexec/internal/registry"
	"github.com/hookexec/hookexec/internal/termstyle"
	"github.com/hookexec/hookexec/internal/trust"
)

// TrustForRun is test --trust-cases (docs/trust.md): the project's files,
// its case files included, are reviewed and shown on w (what 'hookexec
// trust' would show), then trusted for this run only, by the closure hash
// of what was shown (HOOKEXEC_TRUST_PROJECT=sha256:<hex>): a file that
// changes after the review is not trusted. It returns getenv with that
// variable set; nothing is written to the trust store. It is refused when
// an agent runs hookexec, where a model could pass the flag, and while
// the review refuses a file. s colours the review (termstyle.Style{}:
// plain).
func TrustForRun(projectDir string, getenv func(string) string, w io.Writer, s termstyle.Style) (func(string) string, error) {
	if marker, ok := trust.UnderAgent(getenv); ok {
		return nil, fmt.Errorf("--trust-cases is refused when an agent runs hookexec (%s is set): the model could have passed it; run 'hookexec test --trust-cases' in a terminal, or 'hookexec trust'", marker)
	}
	dir, err := dirs.ProjectRoot(projectDir, getenv, "")
	if err != nil {
		return nil, err
	}
	review, err := registry.ReviewWithCases(dir, InlineConfigs)
	if err != nil {
		return nil, err
	}
	if err := review.WriteText(w, s); err != nil {
		return nil, fmt.Errorf("--trust-cases: showing the review: %w", err) // nothing is trusted unseen
	}
	if r := review.Refused(); len(r) > 0 {
		return nil, fmt.Errorf("--trust-cases: %s cannot be trusted while hookexec refuses %s", review.Root, strings.Join(r, "; "))
	}
	// The run is trusted by the closure fire decides with (the config
	// files' named files; the case hooks' named files are shown above but
	// not part of it), after checking that it pins what was shown.
	pinned, err := registry.ReviewProject(dir)
	if err != nil {
		return nil, err
	}
	for rel, pin := range pinned.Pins {
		if review.Pins[rel] != pin {
			return nil, fmt.Errorf("--trust-cases: %s changed while it was reviewed; run the command again", trust.Printable(rel))
		}
	}
	// A notice beside the report (stderr): nowhere else to say it.
	_, _ = fmt.Fprintf(w, "hookexec test --trust-cases: running the cases with the files above trusted for this run only (%s); 'hookexec trust' trusts them for good\n", trust.ShortPin(pinned.Hash))
	return func(name string) string {
		if name == trust.EnvVar {
			return pinned.Hash
		}
		return getenv(name)
	}, nil
}
