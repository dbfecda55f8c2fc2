package safefile

// systemGroups is the user and group database that decides whether a
// group is private. Linux only: elsewhere (macOS keeps its users in a
// directory service, where every user shares the group staff) a
// group-writable file is refused.
func systemGroups() groupDB { return groupDB{passwd: "/etc/passwd", group: "/etc/group"} }
