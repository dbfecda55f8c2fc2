// Package reading reads what a hook that exited said: its JSON answer
// normalized into a verdict.Output (SPEC §4.6), and the shared ways agents
// read a hook's exit status and output (Spec, ExitCode), which the agents'
// folders pick from or build their own readings on (agent.Reader).
package reading
