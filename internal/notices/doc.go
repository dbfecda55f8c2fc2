// Package notices remembers, per agent session, which notices the session's
// user has been given about hooks that hookexec left out and about hooks'
// answers with a field where no reader looks, so
// that a one-shot `hookexec fire` tells them once on the first event of
// the session that can block instead of on every tool call.
//
// The state is one small file per session under the user's state
// directory (${XDG_STATE_HOME:-$HOME/.local/state}/hookexec/notices, on
// Windows %LOCALAPPDATA%\hookexec\notices), never inside the project: the
// directory is 0700 and must be the user's, files are 0600, named by a hash
// of the session id and holding a hash of the notice, written by rename
// (never through a link), and the oldest are removed past MaxFiles. When
// anything about it fails, the notice counts as not given: the user is
// told again rather than never.
package notices
