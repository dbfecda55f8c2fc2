// Package event is the event catalogue (SPEC §1): canonical names, Claude
// Code aliases, the input field a matcher is tested against, the merge
// strategy, whether the event can block and how sequential hooks chain their
// input (SPEC §4.7), and the event input value (Input). It is plain data
// plus small lookups; of hookexec's own it imports only two leaves:
// internal/jsonpos, which reads the input, and internal/spelling.
package event
