package main

import (
	"errors"
	"fmt"
	"io"
	"strings"

	"github.com/hookexec/hookexec/internal/registry"
	"github.com/hookexec/hookexec/internal/verdict"
)

// Exit statuses (SPEC §6).
const (
	exitOK      = verdict.StatusProceed
	exitError   = verdict.StatusError
	exitBlocked = verdict.StatusBlocked
)

// exitError carries an exit status to run; err (if any) is printed on stderr.
type exitStatus struct {
	code int
	err  error
}

func (e *exitStatus) Error() string {
	if e.err == nil {
		return fmt.Sprintf("exit status %d", e.code)
	}
	return e.err.Error()
}

func (e *exitStatus) Unwrap() error { return e.err }

// withStatus wraps err so that run exits with code and prints err.
func withStatus(code int, err error) error { return &exitStatus{code: code, err: err} }

// silentStatus exits with code and prints nothing more (the command has
// already written what it had to say).
func silentStatus(code int) error { return &exitStatus{code: code} }

// exitCode is the one place where errors become exit statuses: nil is 0,
// an *exitStatus carries its own, anything else (usage, config, input) is
// 1. The message, if any, goes to stderr as one line: config errors as
// FILE:LINE:COL: message, everything else prefixed with "hookexec: ".
func exitCode(err error, stderr io.Writer) int {
	if err == nil {
		return exitOK
	}
	code := exitError
	var st *exitStatus
	if errors.As(err, &st) {
		code = st.code
		if st.err == nil {
			return code
		}
	}
	printError(stderr, err)
	return code
}

// printError writes err as one line on stderr: config errors as
// FILE:LINE:COL: message, everything else prefixed with "hookexec: ".
func printError(stderr io.Writer, err error) {
	var cfg *registry.Error
	if errors.As(err, &cfg) {
		// Config errors read FILE:LINE:COL: message, as validate prints them.
		fmt.Fprintln(stderr, cfg.Error())
		return
	}
	fmt.Fprintln(stderr, "hookexec: "+strings.TrimPrefix(err.Error(), "hookexec: "))
}
