// Package pack holds the built-in rule packs a rules hook names in its
// "use" list, such as "hookexec:default": checks written in Go over the
// simple commands the command analyzer (internal/shellcmd) finds in a
// shell call and over the paths a file tool writes, for what a permission
// rule cannot say ("a path outside the project", "--force but not
// --force-with-lease"). Each finding names its category. A pack knows
// nothing of configs or verdicts; internal/rules evaluates it with the
// hook's own rules.
package pack
