// Package casefile reads the policy test cases of `hookexec test` (SPEC §7)
// and checks the outcome of firing a case against its expectations. It does
// not run anything: cmd/hookexec loads the case's config and fires it
// through engine.Engine.Fire, the code path of `hookexec fire`.
package casefile
