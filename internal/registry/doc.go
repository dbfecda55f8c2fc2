// Package registry finds, reads, decodes and validates hook configuration
// files (SPEC §2) in every dialect, compiles matchers once (SPEC §3.1) and
// returns an immutable Registry of hooks in plan order. Diagnostics carry
// file:line:col.
package registry
