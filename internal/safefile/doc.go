// Package safefile holds the file-safety checks of every package that
// opens a file a repository could have planted or named:
//   - OpenNoFollow opens without following a symbolic link in the last
//     element of a path (part of the open itself where the kernel can:
//     O_NOFOLLOW, or a reparse-point check on Windows);
//   - OpenOutput opens a log or trace file for writing, refusing a link, a
//     second name (hard link) or a special file before anything is
//     written; ShellInert writes JSON lines to it that a shell which
//     sources the file expands nothing in;
//   - OpenInput opens a file hookexec reads back (the decision log),
//     refusing a link or a special file without blocking on a FIFO;
//   - CheckOwner refuses a file or directory of the user's own (configs,
//     the trust store, state) that someone else owns or can write.
//
// It imports nothing of ours.
package safefile
