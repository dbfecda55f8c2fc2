// Package aggregator interprets the raw result of one hook (exit code and
// output rules, normalization, fail-closed: SPEC §4.6) into a
// verdict.HookReport, and merges the reports of one event per the event's
// strategy into the final verdict.Verdict (SPEC §5), guarding what project
// hooks may rewrite. The verdict's types and renderings live in package
// verdict.
package aggregator
