// Package jsonpos is hookexec's one position-aware JSON reader. It parses
// configs, policy test cases and event input into values that remember the
// byte offsets where they and their keys start, so that every diagnostic
// can say file:line:col (Lines maps offsets to lines and columns). It
// accepts exactly what encoding/json accepts, plus one leading UTF-8 byte
// order mark; it bounds nesting as encoding/json does; it reports the keys
// an object repeats; it keeps numbers as written. Syntax errors are worded
// in hookexec's own words, or, with Options.Std, exactly as encoding/json
// words them. It imports nothing of hookexec's.
package jsonpos
