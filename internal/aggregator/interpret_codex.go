package aggregator

import "github.com/hookexec/hookexec/internal/verdict"

// codexNoStderr is why a codex-dialect hook that exited 2 in silence is a
// failed hook.
const codexNoStderr = "exit code 2 without an error message, which Codex does not take as a block"

// codexExit2 interprets a codex-dialect hook that exited 2 as Codex CLI
// (0.169) does (make e2e): stderr is the block's reason and stdout is not
// read; with nothing on stderr the hook failed and the tool runs (it
// blocks only when the hook fails closed).
func codexExit2(errText string, notes *[]string) (verdict.Outcome, *verdict.Output, string) {
	if errText == "" {
		*notes = append(*notes, codexNoStderr)
		return verdict.Error, nil, codexNoStderr
	}
	return verdict.Blocked, &verdict.Output{Decision: "deny", Reason: errText}, ""
}
