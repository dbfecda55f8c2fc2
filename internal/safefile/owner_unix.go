//go:build unix

package safefile

import (
	"io/fs"
	"os"
	"os/user"
	"strconv"
	"syscall"
)

func fileOwner(fi fs.FileInfo) (int, bool) {
	st, ok := fi.Sys().(*syscall.Stat_t)
	if !ok {
		return 0, false
	}
	return int(st.Uid), true
}

func fileGroup(fi fs.FileInfo) (int, bool) {
	st, ok := fi.Sys().(*syscall.Stat_t)
	if !ok {
		return 0, false
	}
	return int(st.Gid), true
}

func currentUID() int { return os.Geteuid() }

// userName is the login name of uid, else "uid N".
func userName(uid int) string {
	if u, err := user.LookupId(strconv.Itoa(uid)); err == nil {
		return u.Username + " (uid " + strconv.Itoa(uid) + ")"
	}
	return "uid " + strconv.Itoa(uid)
}

// groupName is the name of gid, else "gid N".
func groupName(gid int) string {
	if g, err := user.LookupGroupId(strconv.Itoa(gid)); err == nil {
		return g.Name + " (gid " + strconv.Itoa(gid) + ")"
	}
	return "gid " + strconv.Itoa(gid)
}
