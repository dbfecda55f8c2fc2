//go:build !linux

package runner

// listProcs is not implemented here yet: groupAlive trusts kill(2).
func listProcs() ([]procInfo, bool) { return nil, false }
