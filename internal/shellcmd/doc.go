// Package shellcmd is the one command analyzer: from a bash command line,
// every simple command that can run, with its words after static
// expansion (quotes, escapes, brace expansion, ~), wherever the command
// sits: lists, pipelines, subshells, substitutions, here-documents, the
// scripts of `sh -c`, eval, trap and watch, a script piped or
// here-documented into a shell (also into a compound command holding
// the shell), and the commands that wrappers (sudo, env, timeout, xargs,
// find -exec, ...) run. Each command says what it reads on its standard
// input and whether its output goes into a pipe. What cannot be known before
// the command runs (a command name in a variable, text that does not
// parse) makes the analysis Unknown, with the reason.
package shellcmd
