package safefile

import (
	"fmt"
	"io/fs"
	"strings"
)

// Unsafe explains why a file or directory may not be trusted as the
// user's own: it names the owner or the mode. Fix, when not empty, is the
// command that makes it safe.
type Unsafe struct {
	Path   string
	Reason string
	Fix    string
}

func (u *Unsafe) Error() string { return u.Path + ": " + u.Reason }

// CheckOwner reports (as an *Unsafe) a file or directory that is owned by
// someone other than the invoking user or root, or that group or others
// can write. On platforms without Unix ownership it checks nothing.
func CheckOwner(path string, fi fs.FileInfo) error {
	return checkOwner(path, fi, groupDB{})
}

// CheckUserFile is CheckOwner for a file the user writes by hand (a
// config file): writable by its group is allowed when that group is the
// owner's private group (a group whose only member is the owner, as
// Debian and Ubuntu give each user, whose umask 002 makes every file they
// write, or clone, group-writable).
func CheckUserFile(path string, fi fs.FileInfo) error {
	return checkOwner(path, fi, systemGroups())
}

// checkOwner is CheckOwner with the user and group database db that
// tells private groups (groupDB{}: none is).
func checkOwner(path string, fi fs.FileInfo, db groupDB) error {
	uid, ok := fileOwner(fi)
	if !ok {
		return nil
	}
	if me := currentUID(); uid != me && uid != 0 {
		return &Unsafe{Path: path, Reason: fmt.Sprintf("owned by %s, not by you (%s) or root", userName(uid), userName(me))}
	}
	perm := fi.Mode().Perm()
	if perm&0o022 == 0 {
		return nil
	}
	fix := ""
	if fi.Mode().IsRegular() || fi.IsDir() {
		fix = "chmod g-w,o-w " + shellWord(path)
	}
	if perm&0o002 != 0 {
		return &Unsafe{Path: path, Reason: fmt.Sprintf("mode %04o, owned by %s: writable by others", perm, userName(uid)), Fix: fix}
	}
	gid, _ := fileGroup(fi)
	if db.private(uid, gid) {
		return nil
	}
	return &Unsafe{Path: path, Reason: fmt.Sprintf("mode %04o, owned by %s: writable by group %s, which has members other than its owner", perm, userName(uid), groupName(gid)), Fix: fix}
}

// shellWord is path as one word a POSIX shell reads back unchanged: as it
// is when it holds nothing the shell treats specially, else single-quoted.
func shellWord(path string) string {
	if path != "" && strings.Trim(path, "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789/._-+,:@%") == "" {
		return path
	}
	return "'" + strings.ReplaceAll(path, "'", `'\''`) + "'"
}
