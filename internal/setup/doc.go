// Package setup sets a project and an agent up for hookexec: `hookexec init`
// scaffolds a project's .hookexec/ (a config, a starter policy and its test
// cases) and its .gitignore entry and says what it did (InitResult.WriteText),
// `hookexec install` and `uninstall` merge hookexec's entries into an agent's
// settings file (each agent of the table in internal/agents: where its
// settings live and how its entries are shaped) and take them out again, and
// `hookexec doctor` checks every way such a setup fails open and says how to
// fix it.
package setup
