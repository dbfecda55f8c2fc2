package trust

import (
	"fmt"
	"io"
	"slices"
	"strings"
)

// Changes is what differs between a trusted version and the project as it
// is now, for `hookexec trust` to show before trusting again.
type Changes struct {
	// Commands is a line diff of the hook commands, changed lines only, in
	// order.
	Commands []DiffLine
	// Added, Removed and Changed are pinned paths, sorted.
	Added, Removed, Changed []string
}

// Empty reports whether nothing differs.
func (c Changes) Empty() bool {
	return len(c.Commands) == 0 && len(c.Added) == 0 && len(c.Removed) == 0 && len(c.Changed) == 0
}

// DiffLine is one line of a diff: Op is '+' (added) or '-' (removed).
type DiffLine struct {
	Op   byte
	Text string
}

func (l DiffLine) String() string { return string(l.Op) + " " + l.Text }

// Compare lists what changed from the trusted version old to the version
// cur.
func Compare(old, cur Version) Changes {
	c := Changes{Commands: LineDiff(old.Commands, cur.Commands)}
	for p, pin := range cur.Pins {
		switch was, ok := old.Pins[p]; {
		case !ok:
			c.Added = append(c.Added, p)
		case was != pin:
			c.Changed = append(c.Changed, p)
		}
	}
	for p := range old.Pins {
		if _, ok := cur.Pins[p]; !ok {
			c.Removed = append(c.Removed, p)
		}
	}
	slices.Sort(c.Added)
	slices.Sort(c.Removed)
	slices.Sort(c.Changed)
	return c
}

// maxDiffCells bounds the table of LineDiff; beyond it the diff is coarser
// (a common prefix and suffix, then everything between removed and added).
const maxDiffCells = 4 << 20

// LineDiff returns the lines removed from a and added in b, in order: a
// longest-common-subsequence diff with the unchanged lines left out.
func LineDiff(a, b []string) []DiffLine {
	// Trim the common prefix and suffix: the usual edit is small.
	for len(a) > 0 && len(b) > 0 && a[0] == b[0] {
		a, b = a[1:], b[1:]
	}
	for len(a) > 0 && len(b) > 0 && a[len(a)-1] == b[len(b)-1] {
		a, b = a[:len(a)-1], b[:len(b)-1]
	}
	var out []DiffLine
	if len(a)*len(b) > maxDiffCells {
		for _, l := range a {
			out = append(out, DiffLine{'-', l})
		}
		for _, l := range b {
			out = append(out, DiffLine{'+', l})
		}
		return out
	}
	// lcs[i][j] is the length of the longest common subsequence of a[i:]
	// and b[j:].
	w := len(b) + 1
	lcs := make([]int, (len(a)+1)*w)
	for i := len(a) - 1; i >= 0; i-- {
		for j := len(b) - 1; j >= 0; j-- {
			if a[i] == b[j] {
				lcs[i*w+j] = lcs[(i+1)*w+j+1] + 1
			} else {
				lcs[i*w+j] = max(lcs[(i+1)*w+j], lcs[i*w+j+1])
			}
		}
	}
	i, j := 0, 0
	for i < len(a) && j < len(b) {
		switch {
		case a[i] == b[j]:
			i, j = i+1, j+1
		case lcs[(i+1)*w+j] >= lcs[i*w+j+1]:
			out = append(out, DiffLine{'-', a[i]})
			i++
		default:
			out = append(out, DiffLine{'+', b[j]})
			j++
		}
	}
	for ; i < len(a); i++ {
		out = append(out, DiffLine{'-', a[i]})
	}
	for ; j < len(b); j++ {
		out = append(out, DiffLine{'+', b[j]})
	}
	return out
}

// WriteText writes the changes for a person: the command diff, then the
// files added, removed and changed (with their new pins); the error is
// the write's.
func (c Changes) WriteText(w io.Writer, cur map[string]string) error {
	if c.Empty() {
		_, err := io.WriteString(w, "  nothing changed\n")
		return err
	}
	var b strings.Builder
	if len(c.Commands) > 0 {
		fmt.Fprintln(&b, "  hooks:")
		for _, l := range c.Commands {
			fmt.Fprintf(&b, "    %s\n", l)
		}
	}
	if len(c.Added)+len(c.Removed)+len(c.Changed) > 0 {
		fmt.Fprintln(&b, "  files:")
		for _, p := range c.Added {
			fmt.Fprintf(&b, "    added    %s  %s\n", Printable(p), ShortPin(cur[p]))
		}
		for _, p := range c.Removed {
			fmt.Fprintf(&b, "    removed  %s\n", Printable(p))
		}
		for _, p := range c.Changed {
			fmt.Fprintf(&b, "    changed  %s  %s\n", Printable(p), ShortPin(cur[p]))
		}
	}
	_, err := io.WriteString(w, b.String())
	return err
}

// ShortPin abbreviates a content pin to "sha256:" and 12 hex digits; other
// pins (absent, refused:...) are shown whole.
func ShortPin(pin string) string {
	const n = len("sha256:") + 12
	if strings.HasPrefix(pin, "sha256:") && len(pin) > n {
		return pin[:n]
	}
	return pin
}
