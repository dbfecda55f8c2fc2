package registry

import (
	"strings"

	"mvdan.cc/sh/v3/syntax"

	"github.com/hookexec/hookexec/internal/shellparse"
)

// ExtensionPathVar is the variable that holds an extension's directory in
// the environment of each of its hooks (SPEC §2.3).
const ExtensionPathVar = "HOOKEXEC_EXTENSION_PATH"

// extensionPathToken is the placeholder of an extension's directory.
const extensionPathToken = "${extensionPath}"

const (
	// extensionPathRef is a reference to ExtensionPathVar.
	extensionPathRef = "${" + ExtensionPathVar + "}"
	// extensionPathWord is the reference as one shell word: no field
	// splitting, no globbing.
	extensionPathWord = `"` + extensionPathRef + `"`
)

// shellExtensionPath rewrites the ${extensionPath} placeholders of a
// shell-form command into references to $HOOKEXEC_EXTENSION_PATH, so that
// the directory reaches a shell only as the value of a variable, never as
// code: an extension directory named `e$(touch pwned)` runs nothing, and
// one with a space stays one word. Each placeholder becomes, by where it is:
//
//   - where the shell would split and glob it (unquoted, also inside
//     $(...) or `...`): "${HOOKEXEC_EXTENSION_PATH}", one word;
//   - where it would not (inside "...", an unquoted here-document,
//     $((...))): ${HOOKEXEC_EXTENSION_PATH};
//   - where the shell does not expand it (inside '...' or $'...', a quoted
//     here-document, a comment, \${extensionPath}): the text
//     ${HOOKEXEC_EXTENSION_PATH}, which a nested shell (sh -c '...')
//     expands from its environment; other programs read the variable.
//
// The command is read as bash (for this purpose a superset of sh). One that
// does not parse gets "${HOOKEXEC_EXTENSION_PATH}" for every placeholder:
// still never code, though inside "..." such a word is unquoted and a
// directory with a space splits.
func shellExtensionPath(command string) string {
	if !strings.Contains(command, extensionPathToken) {
		return command
	}
	var split map[int]bool // offsets of the placeholders that the shell would split
	if file, err := shellparse.Parse(command, syntax.LangBash); err == nil {
		split = splitPlaceholders(command, file, func(text string) bool { return text == extensionPathToken })
	}
	var b strings.Builder
	for i := 0; ; {
		j := strings.Index(command[i:], extensionPathToken)
		if j < 0 {
			b.WriteString(command[i:])
			return b.String()
		}
		b.WriteString(command[i : i+j])
		if split == nil || split[i+j] {
			b.WriteString(extensionPathWord)
		} else {
			b.WriteString(extensionPathRef)
		}
		i += j + len(extensionPathToken)
	}
}

// splitPlaceholders returns, for each parameter expansion of file (parsed
// from command) whose text matches, by its offset, whether the shell would
// split and glob it: true when it is not inside "...", an unquoted
// here-document or an arithmetic expression (where quotes do not belong),
// or inside $(...) or `...` in one. Text inside '...' holds no parameter
// expansion and is absent.
func splitPlaceholders(command string, file *syntax.File, match func(text string) bool) map[int]bool {
	split := map[int]bool{}
	hdocs := map[*syntax.Word]bool{}
	noSplit := []bool{false} // per depth of the walk: no splitting there
	syntax.Walk(file, func(n syntax.Node) bool {
		if n == nil { // the walk leaves a node
			noSplit = noSplit[:len(noSplit)-1]
			return true
		}
		ctx := noSplit[len(noSplit)-1]
		switch n := n.(type) {
		case *syntax.DblQuoted, *syntax.ArithmExp, *syntax.ArithmCmd:
			ctx = true
		case *syntax.CmdSubst, *syntax.ProcSubst:
			ctx = false
		case *syntax.Redirect:
			if n.Hdoc != nil {
				hdocs[n.Hdoc] = true
			}
		case *syntax.Word:
			ctx = ctx || hdocs[n]
		case *syntax.ParamExp:
			start, end := int(n.Pos().Offset()), int(n.End().Offset())
			if end <= len(command) && match(command[start:end]) {
				split[start] = !ctx
			}
		}
		noSplit = append(noSplit, ctx)
		return true
	})
	return split
}
