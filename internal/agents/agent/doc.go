// Package agent describes a coding agent whose hooks hookexec runs: where
// its settings live and how they are shaped, how it names the catalogue's
// events, how it reads a hook entry (timeout unit and default, shells,
// matchers, "if", fail policy), the variables it gives its hooks, how it
// reads a hook's exit status and output, the answer format it wants, and
// what install and doctor do for it (Enable: the step besides the entries,
// which the agent's folder implements).
//
// An Agent is plain data and small functions over plain values. This
// package imports only low-level packages (event, verdict and the standard
// library); the packages that run hooks ask the table (internal/agents)
// for an Agent instead of switching on agent names.
package agent
