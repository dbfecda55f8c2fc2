package trust

import (
	"maps"
	"slices"
)

// Same reports whether d and o are the same decision: both trusted the
// same way by the same pins, or both untrusted for the same reason (and,
// while a review is pending, keeping the same version with the same paths
// changed since). A long-running caller (serve) decides again before each
// event and loads the project's files again when the decision is not the
// same.
func (d *Decision) Same(o *Decision) bool {
	if d == nil || o == nil {
		return d == o
	}
	return d.Trusted == o.Trusted && d.Via == o.Via && d.Why == o.Why &&
		(d.pins == nil) == (o.pins == nil) && maps.Equal(d.pins, o.pins) &&
		(d.kept == nil) == (o.kept == nil) && (d.kept == nil || d.kept.Hash == o.kept.Hash) &&
		slices.Equal(d.changed, o.changed)
}
