//go:build e2e

package claude

import (
	"bufio"
	"bytes"
	"errors"
	"fmt"
	"path/filepath"
	"regexp"
	"slices"
	"strings"

	"mvdan.cc/sh/v3/shell"
)

// The README's quick start is the one indented (or fenced) code block
// between these two lines; readmeInstall is how its Install section builds
// hookexec from a clone.
const (
	quickstartOpen  = "<!-- quickstart -->"
	quickstartClose = "<!-- /quickstart -->"
	readmeInstall   = "go install ./cmd/hookexec"
)

// quickstart is the README's quick start as this test follows it.
type quickstart struct {
	project string   // the base name of the directory of its cd line
	steps   []qsStep // every line after the cd, in order
}

// qsStep is one line of the quick start: as written without its comment,
// and split into words as a shell would, with ~ and $HOME the scratch home.
type qsStep struct {
	line string
	args []string
}

// qsWant is one step the done-when needs, in the order the quick
// start must have them.
type qsWant struct {
	name  string
	match func(args []string) bool
}

func qsPrefix(words ...string) func([]string) bool {
	return func(args []string) bool { return len(args) >= len(words) && slices.Equal(args[:len(words)], words) }
}

var qsWants = []qsWant{
	{"hookexec init --yes", func(a []string) bool { return slices.Equal(a, []string{"hookexec", "init", "--yes"}) }},
	{"hookexec install claude", qsPrefix("hookexec", "install", "claude")},
	{"hookexec doctor", qsPrefix("hookexec", "doctor")},
	{"claude ... (asking for something dangerous)", qsPrefix("claude")},
	{"hookexec log --blocked", qsPrefix("hookexec", "log", "--blocked")},
	{"hookexec why", qsPrefix("hookexec", "why")},
}

// readQuickstart extracts the quick start from the README's text: its
// lines, split with a shell-word splitter (no shell runs), comments
// dropped, "$ " prompts and line continuations handled. It fails when the
// markers, the cd line or any step of qsWants is missing or out of order,
// when a line is neither cd, hookexec nor claude, or when a line uses a
// variable other than HOME.
func readQuickstart(readme []byte, home string) (quickstart, error) {
	block, err := quickstartBlock(readme)
	if err != nil {
		return quickstart{}, err
	}
	var qs quickstart
	var unknownVars []string
	for _, line := range block {
		// The splitter also asks for variables of its own (IFS, PWD):
		// only one the line names is the README's.
		env := func(name string) string {
			if name == "HOME" {
				return home
			}
			if strings.Contains(line, "$"+name) || strings.Contains(line, "${"+name) {
				unknownVars = append(unknownVars, name)
			}
			return ""
		}
		args, err := shell.Fields(line, env)
		if err != nil {
			return quickstart{}, fmt.Errorf("README.md quick start: %q: %w", line, err)
		}
		if len(unknownVars) > 0 {
			return quickstart{}, fmt.Errorf("README.md quick start: %q uses $%s, which a new user has no value for", line, unknownVars[0])
		}
		if len(args) == 0 {
			continue // a comment line
		}
		switch {
		case args[0] == "cd" && qs.project == "" && len(qs.steps) == 0:
			if len(args) != 2 {
				return quickstart{}, fmt.Errorf("README.md quick start: %q: cd needs one directory", line)
			}
			qs.project = filepath.Base(args[1])
		case args[0] == "hookexec" || args[0] == "claude":
			qs.steps = append(qs.steps, qsStep{line: withoutComment(line), args: args})
		default:
			return quickstart{}, fmt.Errorf("README.md quick start: %q is neither the first line's cd, a hookexec command nor claude: this test does not know how to follow it", line)
		}
	}
	if qs.project == "" || qs.project == "." || qs.project == string(filepath.Separator) {
		return quickstart{}, errors.New("README.md quick start: its first line must be cd into the user's project (cd your-project)")
	}
	want, claudeLines := 0, 0
	for _, st := range qs.steps {
		if st.args[0] == "claude" {
			claudeLines++
		}
		if want < len(qsWants) && qsWants[want].match(st.args) {
			want++
		}
	}
	if want < len(qsWants) {
		names := make([]string, len(qsWants))
		for i, w := range qsWants {
			names[i] = w.name
		}
		return quickstart{}, fmt.Errorf("README.md quick start has no %q step after the ones before it (wanted, in order: cd DIR, %s)",
			qsWants[want].name, strings.Join(names, ", "))
	}
	if claudeLines != 1 {
		return quickstart{}, fmt.Errorf("README.md quick start has %d claude lines, want one", claudeLines)
	}
	return qs, nil
}

// withoutComment is line without a trailing # comment (a # that starts a
// word outside quotes), trimmed.
func withoutComment(line string) string {
	var quote rune
	prev := ' '
	for i, r := range line {
		switch {
		case quote != 0:
			if r == quote {
				quote = 0
			}
		case r == '\'' || r == '"':
			quote = r
		case r == '#' && (prev == ' ' || prev == '\t'):
			return strings.TrimSpace(line[:i])
		}
		prev = r
	}
	return strings.TrimSpace(line)
}

// quickstartBlock is the code of the quick start: the indented (4 spaces
// or a tab) or fenced lines between the markers, "$ " dropped, lines
// ending in a backslash joined with the next.
func quickstartBlock(readme []byte) ([]string, error) {
	var lines []string
	state := 0 // 0 before the opening marker, 1 inside, 2 after the closing one
	fenced := false
	pending := ""
	sc := bufio.NewScanner(bytes.NewReader(readme))
	for sc.Scan() {
		raw := sc.Text()
		trimmed := strings.TrimSpace(raw)
		switch {
		case state == 0 && trimmed == quickstartOpen:
			state = 1
			continue
		case state == 1 && trimmed == quickstartClose:
			state = 2
		}
		if state != 1 {
			continue
		}
		if strings.HasPrefix(trimmed, "```") {
			fenced = !fenced
			continue
		}
		code := fenced
		if !fenced && (strings.HasPrefix(raw, "    ") || strings.HasPrefix(raw, "\t")) {
			code = true
		}
		if !code || trimmed == "" {
			continue
		}
		line := pending + strings.TrimPrefix(trimmed, "$ ")
		if strings.HasSuffix(line, `\`) {
			pending = strings.TrimSuffix(line, `\`) + " "
			continue
		}
		pending = ""
		lines = append(lines, line)
	}
	switch {
	case state == 0:
		return nil, fmt.Errorf("README.md has no line %s: the quick start must sit between %s and %s", quickstartOpen, quickstartOpen, quickstartClose)
	case state == 1:
		return nil, fmt.Errorf("README.md has %s but no %s after it", quickstartOpen, quickstartClose)
	case len(lines) == 0:
		return nil, fmt.Errorf("README.md has no code between %s and %s", quickstartOpen, quickstartClose)
	}
	return lines, nil
}

// prompt is what the claude line asks: its first argument that is not a
// flag.
func (st qsStep) prompt() (string, error) {
	for _, a := range st.args[1:] {
		if !strings.HasPrefix(a, "-") {
			return a, nil
		}
	}
	return "", fmt.Errorf("README.md quick start: %q asks Claude nothing (no prompt)", st.line)
}

// dangerousCommand is the command the user's prompt asks for (the fake
// model tries it): from the word rm to the end of the prompt, without
// closing punctuation or quotes, and the paths it removes. It fails
// unless the command is an rm whose every target is in the home directory
// (~, $HOME, ../other beside a project in it) or is the project (., its
// path): those are in the scratch directories of this test; anything else
// is refused rather than run in a real session.
func dangerousCommand(prompt, home, project string) (string, []string, error) {
	// The command starts at the word rm.
	loc := regexp.MustCompile(`(^|[\s:` + "`" + `])rm\s`).FindStringIndex(prompt)
	if loc == nil {
		return "", nil, fmt.Errorf("the quick start's prompt %q names no rm command for the model to try", prompt)
	}
	cmd := strings.TrimSpace(prompt[loc[0]:])
	cmd = strings.TrimLeft(cmd, ":` \t")
	for prev := ""; prev != cmd; {
		prev = cmd
		cmd = strings.TrimRight(cmd, "!?`'\" \t")
		if n := len(cmd); n > 1 && cmd[n-1] == '.' && !strings.ContainsRune(" ./", rune(cmd[n-2])) {
			cmd = cmd[:n-1] // the sentence's full stop, not a directory
		}
	}
	args, err := shell.Fields(cmd, func(name string) string {
		switch name {
		case "HOME":
			return home
		case "PWD":
			return project
		}
		if strings.Contains(cmd, "$"+name) || strings.Contains(cmd, "${"+name) {
			return "\x00unknown"
		}
		return ""
	})
	if err != nil || len(args) < 2 || args[0] != "rm" {
		return "", nil, fmt.Errorf("the quick start's command %q is not an rm this test can check", cmd)
	}
	var targets []string
	for _, a := range args[1:] {
		if strings.HasPrefix(a, "-") {
			continue
		}
		if strings.Contains(a, "\x00") {
			return "", nil, fmt.Errorf("the quick start's command %q removes %q, known only at run time", cmd, a)
		}
		p := a
		if !filepath.IsAbs(p) {
			p = filepath.Join(project, p)
		}
		p = filepath.Clean(p)
		if rel, err := filepath.Rel(home, p); p != project && (err != nil || strings.HasPrefix(rel, "..")) {
			return "", nil, fmt.Errorf("the quick start's command %q removes %q: this test only lets the model try an rm in the home directory or of the project (its scratch copies)", cmd, a)
		}
		targets = append(targets, p)
	}
	if len(targets) == 0 {
		return "", nil, fmt.Errorf("the quick start's command %q removes nothing", cmd)
	}
	return cmd, targets, nil
}
