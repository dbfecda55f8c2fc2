//go:build !unix && !windows

package audit

import "os"

// tryLock: without a file lock the writer that sees the file past its
// limit rotates it.
func tryLock(*os.File) (unlock func(), ok bool) { return func() {}, true }
