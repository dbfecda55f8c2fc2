package permrule

import (
	"fmt"
	"strings"
)

// matchCommand tests a Bash (or PowerShell) rule against the input's
// command: it matches when one command the line can run does, and when
// part of the line is unknown before it runs.
func (r *Rule) matchCommand(c Call) (bool, string) {
	command, ok := c.Input["command"].(string)
	if !ok {
		return true, "the input has no string command; counted as a match"
	}
	if r.kind == kindPwsh {
		cmds, ok := splitPowerShell(command)
		if !ok {
			return true, fmt.Sprintf("%s is not split (hookexec has no PowerShell parser); counted as a match (the hook runs)", quoteShort(command))
		}
		return r.matchSubcommands(command, cmds)
	}
	cmds, unknown := c.splitCommand(command)
	if matched, why := r.matchSubcommands(command, cmds); matched || unknown == "" {
		return matched, why
	}
	return true, fmt.Sprintf("%s: %s; counted as a match (the hook runs)", quoteShort(command), unknown)
}

// matchSubcommands: the rule matches when one subcommand does, as
// written or by its program's base name.
func (r *Rule) matchSubcommands(command string, cmds []subcommand) (bool, string) {
	for _, sub := range cmds {
		for _, form := range forms(sub) {
			if matchAny(r.shell, form.subject()) {
				return true, fmt.Sprintf("subcommand %s matches %q", quoteShort(form.String()), r.spec)
			}
		}
	}
	if len(cmds) == 1 {
		return false, fmt.Sprintf("%s does not match %q", quoteShort(cmds[0].String()), r.spec)
	}
	return false, fmt.Sprintf("no subcommand of %s matches %q", quoteShort(command), r.spec)
}

// quoteShort quotes s, cut to a readable length.
func quoteShort(s string) string {
	const max = 80
	if r := []rune(s); len(r) > max {
		s = string(r[:max]) + "..."
	}
	return fmt.Sprintf("%q", s)
}

// splitPowerShell cuts a PowerShell command at ; | && || and newlines,
// words lower-cased (PowerShell is case-insensitive). hookexec has no
// PowerShell parser: a command with a quote, $, (, {, ` or @ is not
// split but reported unparsed, so the rule counts as a match.
func splitPowerShell(command string) ([]subcommand, bool) {
	if strings.ContainsAny(command, "'\"$({`@") {
		return nil, false
	}
	f := func(r rune) bool { return r == ';' || r == '|' || r == '&' || r == '\n' || r == '\r' }
	var cmds []subcommand
	for _, piece := range strings.FieldsFunc(command, f) {
		var sub subcommand
		for _, w := range strings.Fields(piece) {
			sub = append(sub, word{text: strings.ToLower(w)})
		}
		if len(sub) > 0 {
			cmds = append(cmds, sub)
		}
	}
	return cmds, true
}

// matchPath tests a path rule against the input's file path
// (file_path, notebook_path or path; Grep and Glob default to the
// working directory).
func (r *Rule) matchPath(c Call) (bool, string) {
	var p string
	for _, key := range []string{"file_path", "notebook_path", "absolute_path", "path"} {
		if s, ok := c.Input[key].(string); ok && s != "" {
			p = s
			break
		}
	}
	if p == "" && (c.Tool == "Grep" || c.Tool == "Glob") {
		p = "."
	}
	abs, ok := resolvePath(p, c.Places)
	if !ok {
		return true, "the input has no file path that can be resolved; counted as a match"
	}
	matched, ok := r.path.match(abs, c.Places)
	switch {
	case !ok:
		return true, fmt.Sprintf("the directory %q is anchored to is unknown; counted as a match", r.spec)
	case matched:
		return true, fmt.Sprintf("path %q matches %q", abs, r.spec)
	}
	return false, fmt.Sprintf("path %q does not match %q", abs, r.spec)
}
