// Package verdict is the answer hookexec gives for one event and its
// renderings: the Verdict with one HookReport per hook (SPEC §5, §6), the
// result JSON that fire prints by default (WriteJSON, a hand-written
// encoder that writes what encoding/json writes), and each agent's own
// format (--format claude, --format gemini: Render). It also holds the
// verdicts of an error (ErrorAnswer), the notices an agent's user is given
// of hooks that were left out or failed, and the message cut (CutMessage).
//
// Each agent's rendering is in its own files (claude*.go, gemini*.go);
// Render picks one by Format. The package imports only event: it knows
// nothing of how hooks are found, run or interpreted (aggregator builds
// the verdict, engine drives it, cmd and server print it).
package verdict
