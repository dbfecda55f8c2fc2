//go:build !unix

package server

import "io/fs"

// fileUID: Windows has no Unix owner or mode bits; the token's file lives
// in the user's own profile, whose ACL keeps other users out.
func fileUID(fs.FileInfo) (int, bool) { return 0, false }

const openNonBlock = 0
