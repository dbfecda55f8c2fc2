// Package trust decides whether a project's hook files may be read at all
// (SPEC §2.4). It hashes what is under a project's .hookexec/ directory
// (and the project files its hooks name, which the caller supplies), keeps
// the store of projects the user has trusted, and answers "may these exact
// bytes be parsed?". A link is pinned by the content of the regular file it
// reaches inside the project; what cannot be pinned by content (a special
// file, a link leaving the project, an unreadable file) is refused, and a
// project holding one is never trusted. Every file is opened non-blocking
// and without following a link in its last element (safefile), and the
// store's own directory and files must be the user's (safefile.CheckOwner).
//
// It knows nothing of hooks: the registry asks it before parsing a project
// file, and the trust command writes the store through it; untrust removes
// an entry or one version of it (Store.Untrust, Store.Revoke).
package trust
