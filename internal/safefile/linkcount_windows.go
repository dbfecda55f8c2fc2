package safefile

import (
	"io/fs"
	"os"

	"golang.org/x/sys/windows"
)

// linkCount is the number of names (hard links) of the open file f: the
// Win32 file attributes that os.Stat keeps do not hold it.
func linkCount(f *os.File, _ fs.FileInfo) (uint64, bool) {
	var info windows.ByHandleFileInformation
	if err := windows.GetFileInformationByHandle(windows.Handle(f.Fd()), &info); err != nil {
		return 0, false
	}
	return uint64(info.NumberOfLinks), true
}
