package safefile

import (
	"bufio"
	"os"
	"strconv"
	"strings"
)

// groupDB is where the user and group database is read from: the
// /etc/passwd and /etc/group files (systemGroups), other files in tests.
type groupDB struct {
	passwd, group string
}

// private reports whether gid is the private group of the user uid: it is
// uid's primary group, no other user has it as theirs, and its entry in
// the group file lists no member but uid. Anything that cannot be read or
// is not found is not private. Users and groups that only a directory
// service knows (LDAP, NIS) are not seen: with such a group the file is
// refused, as before.
func (db groupDB) private(uid, gid int) bool {
	if db.passwd == "" || db.group == "" {
		return false
	}
	name, found := "", false
	ok := scanColon(db.passwd, func(f []string) bool {
		if len(f) < 4 {
			return true
		}
		u, errU := strconv.Atoi(f[2])
		g, errG := strconv.Atoi(f[3])
		if errU != nil || errG != nil {
			return true
		}
		switch {
		case u == uid && g == gid:
			name, found = f[0], true
		case u == uid || g == gid:
			return false // uid's primary group is another, or gid is another user's too
		}
		return true
	})
	if !ok || !found {
		return false
	}
	entry := false
	ok = scanColon(db.group, func(f []string) bool {
		if len(f) < 4 {
			return true
		}
		if g, err := strconv.Atoi(f[2]); err != nil || g != gid {
			return true
		}
		entry = true
		for _, m := range strings.Split(f[3], ",") {
			if m = strings.TrimSpace(m); m != "" && m != name {
				return false
			}
		}
		return true
	})
	return ok && entry
}

// scanColon calls line with the ':'-separated fields of each line of the
// file at path (comments and blank lines skipped) until it returns false;
// ok is false when the file cannot be read or line returned false.
func scanColon(path string, line func([]string) bool) (ok bool) {
	f, err := os.Open(path)
	if err != nil {
		return false
	}
	defer func() { _ = f.Close() }()
	s := bufio.NewScanner(f)
	for s.Scan() {
		t := s.Text()
		if t == "" || strings.HasPrefix(t, "#") {
			continue
		}
		if !line(strings.Split(t, ":")) {
			return false
		}
	}
	return s.Err() == nil
}
