// Package safefile holds the file-safety checks that every package
// opening a file a repository could have planted uses: OpenNoFollow opens
// without following a symbolic link in the last element of a path (part
// of the open itself where the kernel can: O_NOFOLLOW, or a reparse-point
// check on Windows), and CheckOwner refuses a file or directory of the
// user's own (configs, the trust store, state) that someone else owns or
// can write. It imports nothing of ours.
package safefile
