package main

import (
	"fmt"
	"regexp"
	"strconv"
	"strings"
	"time"

	"github.com/hookexec/hookexec/internal/aggregator"
	"github.com/hookexec/hookexec/internal/registry"
)

// The flag values below are pflag.Value types: a bad value is a usage
// error at parse time (exit 1, even with --fail-closed), and its message
// is the flag's own (valueError), without pflag's "invalid argument"
// wrapping or the help hint that other flag errors get (root.go). Type()
// is what the help shows, as for the plain flags they replace.

// valueError is a flag value's usage error, printed as it is.
type valueError struct{ err error }

func (e *valueError) Error() string { return e.err.Error() }
func (e *valueError) Unwrap() error { return e.err }

func invalid(format string, args ...any) error {
	return &valueError{fmt.Errorf(format, args...)}
}

// durationValue is --timeout or --kill-grace (duration.go's rule); "" is
// not given.
type durationValue struct {
	flag durationFlag
	raw  string
	d    time.Duration
}

func (v *durationValue) Set(s string) error {
	if s == "" {
		v.raw, v.d = "", 0
		return nil
	}
	d, err := v.flag.parse(s)
	if err != nil {
		return &valueError{err}
	}
	v.raw, v.d = s, d
	return nil
}

func (v *durationValue) String() string { return v.raw }
func (v *durationValue) Type() string   { return "string" }

// given reports whether the flag was given a value.
func (v *durationValue) given() bool { return v.raw != "" }

// warning is the warning about a bare number under 100 (shortBareWarning).
func (v *durationValue) warning() string { return v.flag.shortBareWarning(v.raw, v.d) }

// sizeValue is a byte count with an optional K/KiB/M/MiB/G/GiB suffix
// (--max-output, --max-total-output), at least 1 and at most max.
type sizeValue struct {
	name string
	raw  string
	n    int64
	// limit, when set, checks the count against the flag's own range.
	limit func(raw string, n int64) error
}

// newSize is a size flag holding def, which must be valid.
func newSize(name, def string, limit func(string, int64) error) *sizeValue {
	v := &sizeValue{name: name, limit: limit}
	if err := v.Set(def); err != nil {
		panic(err) // a default of ours that does not parse
	}
	return v
}

func (v *sizeValue) Set(s string) error {
	n, err := parseSize(v.name, s)
	if err == nil && v.limit != nil {
		err = v.limit(s, n)
	}
	if err != nil {
		return &valueError{err}
	}
	v.raw, v.n = s, n
	return nil
}

func (v *sizeValue) String() string { return v.raw }
func (v *sizeValue) Type() string   { return "string" }

// parseSize reads a byte count with an optional K/KiB/M/MiB/G/GiB suffix
// (all binary multiples).
func parseSize(flag, s string) (int64, error) {
	t := strings.TrimSpace(s)
	mult := int64(1)
	for _, u := range []struct {
		suffix string
		mult   int64
	}{{"KiB", 1 << 10}, {"MiB", 1 << 20}, {"GiB", 1 << 30}, {"K", 1 << 10}, {"M", 1 << 20}, {"G", 1 << 30}} {
		if strings.HasSuffix(t, u.suffix) {
			t, mult = strings.TrimSpace(strings.TrimSuffix(t, u.suffix)), u.mult
			break
		}
	}
	n, err := strconv.ParseInt(t, 10, 64)
	if err != nil || n <= 0 {
		return 0, fmt.Errorf("invalid %s %q (want a positive byte count such as 1048576 or 1MiB)", flag, s)
	}
	return n * mult, nil
}

// messageLimit is --max-message's range: aggregator.MinMaxMessage bytes
// (room for the cut marker and some text) to 1 GiB (an int anywhere).
func messageLimit(s string, n int64) error {
	if n < aggregator.MinMaxMessage || n > 1<<30 {
		return fmt.Errorf("invalid --max-message %q (want %d bytes to 1GiB)", s, aggregator.MinMaxMessage)
	}
	return nil
}

// countValue is an int flag with a least value (--max-parallel,
// --max-events).
type countValue struct {
	name, want string
	least      int
	n          int
}

func (v *countValue) Set(s string) error {
	n, err := strconv.ParseInt(s, 0, 64)
	if err != nil {
		return err // pflag's message, as for an int flag
	}
	if int(n) < v.least {
		return invalid("invalid %s %d (want %s)", v.name, n, v.want)
	}
	v.n = int(n)
	return nil
}

func (v *countValue) String() string { return strconv.Itoa(v.n) }
func (v *countValue) Type() string   { return "int" }

// formatValue is fire's and serve's --format.
type formatValue struct{ f aggregator.Format }

func (v *formatValue) Set(s string) error {
	f, err := aggregator.ParseFormat(s)
	if err != nil {
		return invalid("invalid --format %q (supported: result, claude, gemini)", s)
	}
	v.f = f
	return nil
}

func (v *formatValue) String() string { return string(v.f) }
func (v *formatValue) Type() string   { return "string" }

// choiceValue is a flag that takes one of a few words (test's --format).
type choiceValue struct {
	name, val string
	choices   []string
}

func (v *choiceValue) Set(s string) error {
	for _, c := range v.choices {
		if s == c {
			v.val = s
			return nil
		}
	}
	return invalid("invalid %s %q (supported: %s)", v.name, s, strings.Join(v.choices, ", "))
}

func (v *choiceValue) String() string { return v.val }
func (v *choiceValue) Type() string   { return "string" }

// untrustedValue is --untrusted: skip or deny.
type untrustedValue struct{ deny bool }

func (v *untrustedValue) Set(s string) error {
	switch strings.ToLower(strings.TrimSpace(s)) {
	case "skip":
		v.deny = false
	case "deny":
		v.deny = true
	default:
		return invalid("invalid --untrusted %q (want skip or deny)", s)
	}
	return nil
}

func (v *untrustedValue) String() string {
	if v.deny {
		return "deny"
	}
	return "skip"
}
func (v *untrustedValue) Type() string { return "string" }

// dialectValue is --dialect ("" is: from the file's location).
type dialectValue struct {
	raw string
	d   registry.Dialect
}

func (v *dialectValue) Set(s string) error {
	d, err := registry.ParseDialect(s)
	if err != nil {
		return &valueError{err}
	}
	v.raw, v.d = s, d
	return nil
}

func (v *dialectValue) String() string { return v.raw }
func (v *dialectValue) Type() string   { return "string" }

// regexpValue is test's --run.
type regexpValue struct {
	raw string
	re  *regexp.Regexp
}

func (v *regexpValue) Set(s string) error {
	if s == "" {
		v.raw, v.re = "", nil
		return nil
	}
	re, err := regexp.Compile(s)
	if err != nil {
		return invalid("invalid --run %q: %w", s, err)
	}
	v.raw, v.re = s, re
	return nil
}

func (v *regexpValue) String() string { return v.raw }
func (v *regexpValue) Type() string   { return "string" }
