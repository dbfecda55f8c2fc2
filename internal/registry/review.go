package registry

import (
	"fmt"
	"github.com/hookexec/hookexec/internal/rules"
	"maps"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/hookexec/hookexec/internal/dirs"
	"github.com/hookexec/hookexec/internal/trust"
)

// Review is a project as `hookexec trust` shows it before pinning it
// (SPEC §2.4): every pinned file, every hook command, and the pins.
type Review struct {
	// Root is the canonical project root the store is keyed by.
	Root string
	// Pins are every entry under .hookexec/ and every project file a hook
	// names (slash-separated paths relative to Root).
	Pins map[string]string
	// Hash is the closure hash of Pins ("sha256:<hex>").
	Hash string
	// Stats are the status of the pinned files that have been unchanged
	// for a while (trust.FileStat), so that fire need not hash them.
	Stats map[string]trust.FileStat
	// Dirs are the directories under .hookexec/.
	Dirs []string
	// Commands describe each hook of the project's config files, one line
	// per hook, in plan order.
	Commands []string
	// Unpinned say, per hook, what it executes that trust cannot pin
	// ("HOOK: runs make: the Makefile and what it runs are not pinned"),
	// in plan order, so that the user knows what the trust does not cover.
	Unpinned []string
	// Configs are the bytes of the project's config files as reviewed,
	// stored with the trust so that they keep running after an edit
	// until the change is reviewed.
	Configs map[string][]byte
	// Exec are the project files that hooks execute by a word fire
	// replaces with the file's trusted copy (ExecFiles).
	Exec []string
	// Warnings are what fire would report about these files (entries it
	// would skip, files it cannot read or parse).
	Warnings []Diagnostic
}

// CaseConfig is an inline config of a test case, as `hookexec test` would
// load it: Case is the case's name, Dialect forces its dialect ("":
// native). The review names its hooks' file ".hookexec/tests/FILE case
// "NAME"".
type CaseConfig struct {
	Case    string
	Data    []byte
	Dialect Dialect
	// File, instead of Data, is a config file the case names (absolute):
	// the review shows its hooks when it lies under .hookexec/, read
	// through the snapshot (a case file may name no other).
	File string
}

// CaseConfigs extracts the inline configs of the case file at path from
// its content (the caller parses case files; registry does not know them).
type CaseConfigs func(path string, data []byte) ([]CaseConfig, error)

// casesDir holds the project's test cases (casefile.DefaultDir).
const casesDir = dirs.Name + "/tests/"

// ReviewProject hashes and decodes the project in dir as it is now,
// trusted or not. Nothing runs. Each file is read once: what the review
// shows is what it pins, with no window for a change between the two.
func ReviewProject(dir string) (*Review, error) {
	return ReviewWithCases(dir, nil)
}

// ReviewWithCases is ReviewProject that also shows the hooks of the inline
// configs of the case files directly under .hookexec/tests/, which
// `hookexec test` runs, so that trusting the project covers them too;
// cases extracts them.
func ReviewWithCases(dir string, cases CaseConfigs) (*Review, error) {
	root, err := trust.Canonical(dir)
	if err != nil {
		return nil, err
	}
	snap, err := trust.Scan(root)
	if err != nil {
		return nil, err
	}
	configs := map[string][]byte{}
	reg := projectHooks(snap, configs)
	if cases != nil {
		caseHooks(reg, snap, cases, maps.Clone(configs))
	}
	named := pinsOfNamed(reg.Hooks, snap)
	pins, err := trust.Closure(snap, func(*trust.Snapshot) (map[string]string, error) { return named, nil })
	if err != nil {
		return nil, err
	}
	slices.SortStableFunc(reg.Hooks, planOrder)
	now := time.Now()
	stats := snap.Stats(now)
	for rel := range named {
		if st, ok := trust.StatFile(filepath.Join(root, filepath.FromSlash(rel))); ok && st.Settled(now) {
			stats[rel] = st
		}
	}
	r := &Review{Root: root, Pins: pins, Hash: trust.ClosureHash(pins), Stats: stats, Dirs: snap.Dirs(), Configs: configs, Warnings: reg.Warnings}
	for _, p := range reg.Broken {
		r.Warnings = append(r.Warnings, Diagnostic{Pos: Position{File: p}, Severity: SeverityWarning, Message: "cannot be parsed; hookexec test cannot run its cases"})
	}
	for _, h := range reg.Hooks {
		r.Commands = append(r.Commands, describeHook(h, root))
		for _, note := range unpinned(h, root) {
			r.Unpinned = append(r.Unpinned, trust.Printable(h.Target())+": "+note)
		}
	}
	r.Exec = ExecRels(reg.Hooks, root)
	return r, nil
}

// caseHooks decodes into reg the inline configs of the case files under
// .hookexec/tests/, and the config files under .hookexec/ that they name
// (but those in decoded, the discovered ones), each read once through
// the snapshot.
func caseHooks(reg *Registry, snap *trust.Snapshot, cases CaseConfigs, decoded map[string][]byte) {
	for _, rel := range snap.Paths() {
		if !isCaseFile(rel) {
			continue
		}
		path := filepath.Join(snap.Root, filepath.FromSlash(rel))
		data, ok := snap.Read(rel, true)
		if !ok {
			continue
		}
		configs, err := cases(path, data)
		if err != nil {
			reg.Broken = append(reg.Broken, path)
			continue
		}
		for _, c := range configs {
			d := c.Dialect
			if d == "" {
				d = Native
			}
			name, data := rel+" case "+strconv.Quote(c.Case), c.Data
			if c.File != "" {
				fileRel, ok := projectRelInDir(snap.Root, c.File)
				if _, seen := decoded[fileRel]; !ok || seen {
					continue // refused by the case gate, or shown already
				}
				if data, ok = snap.Read(fileRel, true); !ok {
					continue
				}
				decoded[fileRel] = data
				name = fileRel + " (config of " + name + ")"
				if c.Dialect == "" {
					d = DetectDialect(c.File)
				}
			}
			spec := fileSpec{path: name, source: Runtime, dialect: d, inline: &Inline{Name: name, Data: data}}
			n := len(reg.Warnings)
			if err := decodeFile(reg, spec, len(reg.Files), data); err != nil {
				reg.Broken = append(reg.Broken, name)
			}
			// A case's config is a test's, not a guard: shown, never
			// refused (a test of timeouts means a short one).
			for i := n; i < len(reg.Warnings); i++ {
				reg.Warnings[i].Weakens = false
			}
		}
	}
}

// projectRelInDir is path (absolute) relative to root, slash-separated,
// when it lies under root's .hookexec/.
func projectRelInDir(root, path string) (string, bool) {
	rel, err := filepath.Rel(root, path)
	if err != nil {
		return "", false
	}
	rel = filepath.ToSlash(rel)
	return rel, rel != dirs.Name && trust.InDir(rel)
}

// Refused lists "path: reason" for each file the review cannot pin by
// content (a special file, a link that dangles, loops or leaves the
// project, an unreadable file), then "file:line:col: reason" for each
// finding that would switch a guard off or weaken it (Weakened): while
// there is one, the project cannot be trusted.
func (r *Review) Refused() []string {
	out := trust.Refusals(r.Pins)
	for _, d := range r.Weakened() {
		out = append(out, trust.Printable(d.Pos.String()+": "+d.Message))
	}
	return out
}

// Weakened are the warnings about the config files that trust refuses
// (Diagnostic.Weakens): a file that cannot be parsed, a hook with a field
// hookexec does not know, a timeout that cannot be meant.
func (r *Review) Weakened() []Diagnostic {
	var out []Diagnostic
	for _, d := range r.Warnings {
		if d.Weakens {
			out = append(out, d)
		}
	}
	return out
}

// RefusedError is why the project cannot be trusted (Refused), nil when
// it can: what hookexec refuses and what to do about it.
func (r *Review) RefusedError() error {
	if pins := trust.Refusals(r.Pins); len(pins) > 0 {
		return fmt.Errorf("not trusted: %s cannot be trusted while hookexec refuses %s (a link must reach a regular file inside the project; replace or remove these files)",
			r.Root, strings.Join(pins, "; "))
	}
	weak := r.Weakened()
	if len(weak) == 0 {
		return nil
	}
	var lines, files []string
	for _, d := range weak {
		lines = append(lines, trust.Printable(d.Pos.String()+": "+d.Message))
		if !slices.Contains(files, d.Pos.File) {
			files = append(files, d.Pos.File)
		}
	}
	for i, f := range files {
		files[i] = "'hookexec validate " + trust.Printable(f) + "'"
	}
	return fmt.Errorf("not trusted: %s: a guard would not run as written:\n  %s\nfix the file, run %s, then 'hookexec trust' again",
		r.Root, strings.Join(lines, "\n  "), strings.Join(files, " and "))
}

// maxKeptConfigBytes bounds the config bytes stored with one trusted
// version (quoted, they can grow fourfold; the store keeps five versions
// in an entry of at most 16 MiB). Beyond it only the config files that are
// still unchanged keep running after an edit.
const maxKeptConfigBytes = 512 << 10

// Version is the store's record of the project as reviewed.
func (r *Review) Version(now time.Time) trust.Version {
	v := trust.NewVersion(r.Pins, r.Stats, r.Dirs, r.Commands, now)
	size := 0
	for _, data := range r.Configs {
		size += len(data)
	}
	if size <= maxKeptConfigBytes {
		v.Configs = r.Configs
	}
	return v
}

// Paths returns the pinned paths, sorted.
func (r *Review) Paths() []string {
	return slices.Sorted(maps.Keys(r.Pins))
}

// describeHook is one line a person can review: where, when, what runs
// and with which settings.
func describeHook(h *Hook, root string) string {
	file := h.File
	if rel, err := filepath.Rel(root, h.File); err == nil {
		file = filepath.ToSlash(rel)
	}
	var b strings.Builder
	fmt.Fprintf(&b, "%s %s", trust.Printable(file), h.EventKey)
	if h.Matcher != nil && !h.Matcher.MatchesAll() {
		fmt.Fprintf(&b, " %s", strconv.Quote(h.Matcher.String()))
	}
	b.WriteString(": ")
	if h.HTTP != nil {
		b.WriteString("POST " + trust.Printable(h.HTTP.URL))
	}
	if h.Rules != nil {
		b.WriteString("rules " + trust.Printable(rulesText(h.Rules)))
	}
	b.WriteString(trust.Printable(h.Command))
	for _, a := range h.Args {
		b.WriteString(" " + strconv.Quote(a))
	}
	var attrs []string
	if h.Priority != 0 {
		attrs = append(attrs, "priority="+strconv.Itoa(h.Priority))
	}
	if h.Sequential {
		attrs = append(attrs, "sequential")
	}
	if h.Shell != "" {
		attrs = append(attrs, "shell="+trust.Printable(h.Shell))
	}
	if h.Timeout > 0 {
		attrs = append(attrs, "timeout="+h.Timeout.Round(time.Millisecond).String())
	}
	for _, k := range slices.Sorted(maps.Keys(h.Env)) {
		attrs = append(attrs, "env "+trust.Printable(k+"="+h.Env[k]))
	}
	if h.HTTP != nil {
		for _, hd := range h.HTTP.Headers {
			attrs = append(attrs, "header "+trust.Printable(hd.Name+": "+hd.Value))
		}
		if len(h.HTTP.AllowedEnvVars) > 0 {
			// The variables whose values the hook may send off the machine.
			attrs = append(attrs, "allowedEnvVars "+trust.Printable(strings.Join(h.HTTP.AllowedEnvVars, ",")))
		}
	}
	if h.FailClosed {
		attrs = append(attrs, "failClosed")
	}
	if h.FileDisabled {
		attrs = append(attrs, "file disabled")
	}
	if len(attrs) > 0 {
		b.WriteString("  [" + strings.Join(attrs, ", ") + "]")
	}
	return b.String()
}

// rulesText is a rules hook's rules on one line, each after its decision:
// "deny Bash(rm:*); ask Bash(git push:*)".
func rulesText(s *rules.Set) string {
	var parts []string
	for _, l := range []struct {
		decision string
		rules    []rules.Rule
	}{{rules.Deny, s.Deny}, {rules.Ask, s.Ask}, {rules.Allow, s.Allow}} {
		for _, r := range l.rules {
			parts = append(parts, l.decision+" "+r.Text)
		}
	}
	for _, u := range s.Use {
		parts = append(parts, "use "+u.Name)
	}
	if len(s.Except) > 0 {
		parts = append(parts, "except "+strings.Join(s.ExceptIDs(), ", "))
	}
	return strings.Join(parts, "; ")
}
