package server

import (
	"hash/fnv"
	"net"
	"os"
	"os/user"
	"runtime"
	"strconv"
)

// Default ports of `serve --http`: one per user of the machine, so that
// two users' servers do not collide, in a range (41000-41999) away from
// the usual development ports and below the systems' ephemeral ranges.
const (
	basePort  = 41000
	portRange = 1000
)

// DefaultHTTPAddr is the address `serve --http` listens on and `install
// --http` points the agents at when none is given: 127.0.0.1 and a port
// of the user's own, 41000 + uid % 1000 on Unix, 41000 + a hash of the
// user name % 1000 on Windows (which has no numeric uid).
func DefaultHTTPAddr() string {
	if runtime.GOOS == "windows" {
		return defaultHTTPAddr(-1, windowsUser())
	}
	return defaultHTTPAddr(os.Getuid(), "")
}

// defaultHTTPAddr is DefaultHTTPAddr for a uid (-1 for none) and, when
// there is no uid, a user name.
func defaultHTTPAddr(uid int, name string) string {
	var port int
	if uid >= 0 {
		port = basePort + uid%portRange
	} else {
		h := fnv.New32a()
		_, _ = h.Write([]byte(name))
		port = basePort + int(h.Sum32()%portRange)
	}
	return net.JoinHostPort("127.0.0.1", strconv.Itoa(port))
}

// windowsUser is the account's name (DOMAIN\user), or %USERNAME% when the
// system cannot say.
func windowsUser() string {
	if u, err := user.Current(); err == nil && u.Username != "" {
		return u.Username
	}
	return os.Getenv("USERNAME")
}
