package trust

import "time"

// FileStat is the status of a file that, unchanged, means unchanged
// content (as git's index uses it): size, modification and change times,
// inode and mode. The change time cannot be set by a user, so a file
// written after it was trusted never matches.
type FileStat struct {
	Size  int64  `json:"size"`
	Mtime int64  `json:"mtime"`
	Ctime int64  `json:"ctime"`
	Ino   uint64 `json:"ino"`
	Mode  uint32 `json:"mode"`
}

// Settled reports whether the file has not changed for two seconds, more
// than the coarsest change-time granularity of common file systems: any
// later write gives it a later change time.
func (st FileStat) Settled(now time.Time) bool {
	return st.Ctime < now.Add(-2*time.Second).UnixNano()
}
