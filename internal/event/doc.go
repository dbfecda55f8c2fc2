// Package event is the event catalogue (SPEC §1): canonical names, Claude
// Code aliases, the input field a matcher is tested against, the merge
// strategy, whether the event can block and how sequential hooks chain their
// input (SPEC §4.7). It is plain data plus small lookups and imports nothing
// of hookexec's own.
package event
