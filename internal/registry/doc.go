// Package registry finds, reads, decodes and validates hook configuration
// files (SPEC §2) in every dialect, compiles matchers once (SPEC §3.1) and
// returns an immutable Registry of hooks in plan order. Diagnostics carry
// file:line:col. How an agent's dialect differs from hookexec's own is the
// agent's description (internal/agents), which the registry asks
// (Dialect.Agent).
//
// Load is fire's path. Validate (validate*.go) is `hookexec validate`'s: the
// same decoding with a linter attached, which adds the checks fire does not
// need (unknown fields, matcher and timeout pitfalls, the shell syntax of
// each command, missing scripts).
//
// Review (review*.go) is what `hookexec trust` shows and pins of a project;
// Review.TrustAsking shows it and records the trust (trust_ask.go), and
// TrustedProjects lists the store for `trust --list`.
package registry
