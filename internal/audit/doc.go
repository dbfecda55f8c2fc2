// Package audit is hookexec's record of what it decided: one JSON line per
// fired event (fire, and each serve request) in a bounded, rotated log under
// the user's state directory, never in a project, and what 'hookexec log'
// and 'hookexec why' read back from it.
//
// Writing it never changes a verdict: a full disk, a directory that cannot
// be created or a concurrent writer costs the record, never the answer.
package audit
