package safefile

import (
	"io/fs"
	"os"
	"syscall"
	"unsafe"

	"golang.org/x/sys/windows"
)

// Windows has no O_NOFOLLOW; its equivalent is to open the reparse point
// itself (FILE_FLAG_OPEN_REPARSE_POINT, which os.OpenFile passes on to
// CreateFile in the high bits of flag) and look at what was opened: a
// symbolic link or a junction (mount point) is refused, so nothing can
// swap the file for a link between a check and the open. Other reparse
// points (cloud placeholders, deduplicated files) are files: they are
// opened again normally, so that their content is read.
func openNoFollow(path string, flag int, perm os.FileMode) (*os.File, error) {
	f, err := os.OpenFile(path, flag|syscall.FILE_FLAG_OPEN_REPARSE_POINT, perm)
	if err != nil {
		return nil, err
	}
	var info struct {
		FileAttributes uint32
		ReparseTag     uint32
	}
	err = windows.GetFileInformationByHandleEx(windows.Handle(f.Fd()), windows.FileAttributeTagInfo,
		(*byte)(unsafe.Pointer(&info)), uint32(unsafe.Sizeof(info)))
	if err != nil {
		_ = f.Close()
		return nil, &fs.PathError{Op: "open", Path: path, Err: err}
	}
	if info.FileAttributes&windows.FILE_ATTRIBUTE_REPARSE_POINT == 0 {
		return f, nil // a plain file or directory
	}
	_ = f.Close()
	switch info.ReparseTag {
	case windows.IO_REPARSE_TAG_SYMLINK, windows.IO_REPARSE_TAG_MOUNT_POINT:
		return nil, &fs.PathError{Op: "open", Path: path, Err: ErrSymlink}
	}
	return os.OpenFile(path, flag, perm)
}
