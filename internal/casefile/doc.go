// Package casefile reads the policy test cases of `hookexec test` (SPEC §7),
// runs them, checks the outcome of firing a case against its expectations,
// and reports the runs: the text lines, the --format json document and the
// JUnit XML of --junit. It collects the case files (Collect, through the
// trust Gate), trusts a project for one run (TrustForRun) and fires each
// case through engine.Engine.Do, the code path of `hookexec fire`
// (RunAll).
package casefile
