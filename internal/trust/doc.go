// Package trust decides whether a project's hook files may be read at all
// (SPEC §2.4). It hashes what is under a project's .hookexec/ directory
// (and the project files its hooks name, which the caller supplies), keeps
// the store of projects the user has trusted, and answers "may these exact
// bytes be parsed?". It also checks that a file of the user's own (user,
// system and explicit configs, the store itself) is owned by the user or
// root and writable by no one else.
//
// It knows nothing of hooks: the registry asks it before parsing a project
// file, and the trust command writes the store through it.
package trust
