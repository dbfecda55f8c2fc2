// Package spelling finds the known name closest to a mistyped one, for
// every "did you mean" hookexec prints: config and case-file field names,
// event names. It imports nothing of hookexec's, so that the event
// catalogue may use it.
package spelling
