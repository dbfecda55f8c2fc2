package safefile

import (
	"fmt"
	"io/fs"
)

// Unsafe explains why a file or directory may not be trusted as the
// user's own: it names the owner or the mode.
type Unsafe struct {
	Path   string
	Reason string
}

func (u *Unsafe) Error() string { return u.Path + ": " + u.Reason }

// CheckOwner reports (as an *Unsafe) a file or directory that is owned by
// someone other than the invoking user or root, or that group or others
// can write. On platforms without Unix ownership it checks nothing.
func CheckOwner(path string, fi fs.FileInfo) error {
	uid, ok := fileOwner(fi)
	if !ok {
		return nil
	}
	if me := currentUID(); uid != me && uid != 0 {
		return &Unsafe{Path: path, Reason: fmt.Sprintf("owned by %s, not by you (%s) or root", userName(uid), userName(me))}
	}
	if perm := fi.Mode().Perm(); perm&0o022 != 0 {
		who := "group"
		if perm&0o002 != 0 {
			who = "others"
		}
		return &Unsafe{Path: path, Reason: fmt.Sprintf("mode %04o: writable by %s", perm, who)}
	}
	return nil
}
