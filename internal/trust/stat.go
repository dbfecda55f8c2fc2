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

func (st FileStat) settled(now time.Time) bool {
	return st.Ctime < now.Add(-time.Second).UnixNano()
}
