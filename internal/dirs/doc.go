// Package dirs is the one place that says where hookexec's directories
// are: the project root (flag, variables, or the nearest directory holding
// .hookexec/, and the one above a project: ProjectAbove) and the name of
// that directory, the user's home, and the
// user's config, data and state directories (XDG variables on Linux, the
// BSDs and macOS; %APPDATA% and %LOCALAPPDATA% on Windows), plus the
// system config directory.
//
// Every answer is read from a getenv function, never from the process's
// environment behind the caller's back, so that a caller that filtered
// the environment (registry.SafeEnv) gets directories the repository
// cannot move. It imports nothing of ours.
package dirs
