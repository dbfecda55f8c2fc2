package trust

import "maps"

// Same reports whether d and o are the same decision: both trusted the
// same way by the same pins, or both untrusted for the same reason. A
// long-running caller (serve) decides again before each event and loads
// the project's files again when the decision is not the same.
func (d *Decision) Same(o *Decision) bool {
	if d == nil || o == nil {
		return d == o
	}
	return d.Trusted == o.Trusted && d.Via == o.Via && d.Why == o.Why &&
		(d.pins == nil) == (o.pins == nil) && maps.Equal(d.pins, o.pins)
}
