//go:build !unix

package safefile

import "io/fs"

// Without Unix ownership (Windows) there is nothing to compare; ACLs are
// not checked.
func fileOwner(fs.FileInfo) (int, bool) { return 0, false }
func fileGroup(fs.FileInfo) (int, bool) { return 0, false }
func currentUID() int                   { return 0 }
func userName(uid int) string           { return "" }
func groupName(gid int) string          { return "" }
