//go:build !linux

package safefile

// systemGroups is empty: no group is private (group_linux.go).
func systemGroups() groupDB { return groupDB{} }
