// Package planner turns an event, its input and a registry into a Plan
// (SPEC §3): the hooks whose matcher accepts the input's match value and
// whose "if" permission rule accepts its tool call, in plan order after
// disabled hooks and duplicates are dropped, each with its resolved shell,
// timeout and fail-closed flag, the run mode (parallel or sequential), and
// what was dropped and why. A native matcher's "@FAMILY" alternatives and
// a key limited to one family of tools are tested against the family the
// normalized view gives the tool (agents.Call), and a tool event whose
// input has no tool_name is matched on the view's tool. It also owns the explanation `plan` prints: the
// View of a plan (its JSON document) and the View's text rendering.
package planner
