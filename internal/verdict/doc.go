// Package verdict is the answer hookexec gives for one event and its
// renderings: the Verdict with one HookReport per hook (SPEC §5, §6), the
// result JSON that fire prints by default (WriteJSON, a hand-written
// encoder that writes what encoding/json writes), and what every agent's
// own format (--format claude, --format gemini) is rendered from: the
// Format and Renderer types, the AgentInput, and the helpers the agent
// formats share (StopFields, MergedToolInput, ContextOf, SkipNotice). It
// also holds the verdicts of an error (ErrorAnswer), the notices an
// agent's user is given of hooks that were left out and of hooks' answers
// with a field nothing reads (Verdict.Quiet), and the message cut
// (CutMessage).
// Write (agents.Write) prints an answer as fire prints it, and the exit
// status an answer gives is the agent table's too (agents.BlocksByStatus,
// FailedError, ErrorStatus); the statuses themselves and the block message
// on stderr (Verdict.BlockMessage) are here (status.go).
//
// Each agent's rendering is in the agent's folder (internal/agents/NAME),
// and the agent table picks one by Format (agents.Render). The package
// imports only event: it knows nothing of how hooks are found, run or
// interpreted (aggregator builds the verdict, engine drives it, cmd and
// server print it), nor of any agent.
package verdict
