// Package termstyle decides whether a stream gets colour and applies it.
//
// The rule (https://no-color.org): --color always colours,
// --color never does not, and auto, the default, colours only a terminal,
// and only while NO_COLOR is unset or empty and TERM is not "dumb". On
// Windows the console is switched to virtual-terminal processing first, and
// a console that refuses gets no colour.
//
// A Style is a plain value: its zero value writes text unchanged, so a
// report that is also written to a file (JUnit) or as JSON uses Style{}.
// The reports stay with their data (validate's and trust's in registry,
// doctor's in setup, test's in casefile); they take a Style and never ask
// whether their writer is a terminal.
package termstyle
