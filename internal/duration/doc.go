// Package duration is the one rule by which hookexec reads a duration: a
// number of units (Units: a config's "timeout" in its dialect's unit, a
// bare --timeout or --kill-grace in milliseconds) or a Go duration string,
// and the range and messages of the duration flags (Flag). It imports
// nothing of ours.
package duration
