//go:build !unix && !windows

package safefile

import (
	"io/fs"
	"os"
)

// linkCount: Plan 9 and WebAssembly report no link count.
func linkCount(*os.File, fs.FileInfo) (uint64, bool) { return 0, false }
