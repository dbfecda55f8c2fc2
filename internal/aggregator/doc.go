// Package aggregator interprets the raw result of one hook (exit code and
// output rules, normalization, fail-closed: SPEC §4.6) and merges the
// results of one event per the event's strategy into the final verdict
// (SPEC §5).
package aggregator
