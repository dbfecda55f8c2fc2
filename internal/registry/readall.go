package registry

import (
	"io"
	"io/fs"
)

// readAtMost reads r to its end, or to one byte past limit. For a regular
// file the buffer is sized from its length up front, so a large file costs
// its size once, not the doublings of io.ReadAll's growth.
func readAtMost(r io.Reader, fi fs.FileInfo, limit int64) ([]byte, error) {
	size := int64(512)
	if fi.Mode().IsRegular() {
		size = max(size, fi.Size()+1) // +1: the read that sees the end
	}
	buf := make([]byte, 0, min(size, limit+1))
	for {
		if len(buf) == cap(buf) {
			buf = append(buf, 0)[:len(buf)]
		}
		n, err := r.Read(buf[len(buf):min(int64(cap(buf)), limit+1)])
		buf = buf[:len(buf)+n]
		if int64(len(buf)) > limit || err == io.EOF {
			return buf, nil
		}
		if err != nil {
			return buf, err
		}
	}
}
