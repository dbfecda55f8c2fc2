// Package casefile reads the policy test cases of `hookexec test` (SPEC §7),
// checks the outcome of firing a case against its expectations, and reports
// the runs: the text lines, the --format json document and the JUnit XML
// of --junit. It does not run anything: cmd/hookexec loads the case's
// config and fires it through engine.Engine.Fire, the code path of
// `hookexec fire`.
package casefile
