// Package setup sets a project and an agent up for hookexec: init
// scaffolds a project's .hookexec/ (a config, a starter policy and its
// test cases) and its .gitignore entry; install and uninstall merge
// hookexec's entries into an agent's settings and take them out again;
// doctor checks each way a setup fails open. It writes files and prints
// nothing: cmd/hookexec reports what it did.
package setup
