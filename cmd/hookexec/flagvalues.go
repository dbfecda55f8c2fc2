package main

import (
	"fmt"
	"regexp"
	"strconv"
	"strings"
	"time"

	"github.com/hookexec/hookexec/internal/agents"
	"github.com/hookexec/hookexec/internal/duration"
	"github.com/hookexec/hookexec/internal/engine"
	"github.com/hookexec/hookexec/internal/registry"
	"github.com/hookexec/hookexec/internal/verdict"
)

// value is a flag's pflag.Value, checked as it is parsed: a bad value is a
// usage error at parse time (exit 1, even with --fail-closed). The help
// shows typ, as for the plain flag it replaces.
type value[T any] struct {
	raw, typ string
	v        T
	parse    func(string) (T, error)
}

// newValue is a string flag read by parse, holding def, which parses
// (TestFlagDefaults).
func newValue[T any](def string, parse func(string) (T, error)) *value[T] {
	v := &value[T]{typ: "string", parse: parse}
	_ = v.Set(def)
	return v
}

func (v *value[T]) Set(s string) error {
	x, err := v.parse(s)
	if err != nil {
		return err
	}
	v.raw, v.v = s, x
	return nil
}

func (v *value[T]) String() string { return v.raw }
func (v *value[T]) Type() string   { return v.typ }

// valueError is a flag value's usage error, printed as it is, without
// pflag's "invalid argument" wrapping or the help hint that other flag
// errors get (root.go).
type valueError struct{ err error }

func (e *valueError) Error() string { return e.err.Error() }
func (e *valueError) Unwrap() error { return e.err }

func invalid(format string, args ...any) error {
	return &valueError{fmt.Errorf(format, args...)}
}

// usage makes parse's errors usage errors printed as they are.
func usage[T any](parse func(string) (T, error)) func(string) (T, error) {
	return func(s string) (T, error) {
		v, err := parse(s)
		if err != nil {
			err = &valueError{err}
		}
		return v, err
	}
}

// The duration flags of fire, serve and plan.
var (
	timeoutFlag   = duration.Flag{Name: "--timeout"}
	killGraceFlag = duration.Flag{Name: "--kill-grace", AllowZero: true}
)

// flagDuration is --timeout or --kill-grace (duration.Flag); "" is not
// given.
func flagDuration(f duration.Flag) *value[time.Duration] {
	return newValue("", usage(func(s string) (time.Duration, error) {
		if s == "" {
			return 0, nil
		}
		return f.Parse(s)
	}))
}

// flagSize is a byte count (parseSize): --max-output, --max-total-output.
func flagSize(name, def string) *value[int64] {
	return newValue(def, usage(func(s string) (int64, error) { return parseSize(name, s) }))
}

// flagMessageSize is --max-message: verdict.MinMaxMessage bytes (room
// for the cut marker and some text) to 1 GiB (an int anywhere).
func flagMessageSize(def string) *value[int64] {
	size := flagSize("--max-message", def)
	return newValue(def, func(s string) (int64, error) {
		n, err := size.parse(s)
		if err == nil && (n < verdict.MinMaxMessage || n > 1<<30) {
			err = invalid("invalid --max-message %q (want %d bytes to 1GiB)", s, verdict.MinMaxMessage)
		}
		return n, err
	})
}

// flagCount is an int flag of at least least (--max-parallel,
// --max-events); a value that is no number gets pflag's message, as for an
// int flag.
func flagCount(name, want string, least, def int) *value[int] {
	v := newValue(strconv.Itoa(def), func(s string) (int, error) {
		n, err := strconv.ParseInt(s, 0, 64)
		if err != nil {
			return 0, err
		}
		if int(n) < least {
			return 0, invalid("invalid %s %d (want %s)", name, n, want)
		}
		return int(n), nil
	})
	v.typ = "int"
	return v
}

// flagFormat is fire's and serve's --format.
func flagFormat() *value[verdict.Format] {
	return newValue(string(verdict.FormatResult), func(s string) (verdict.Format, error) {
		f, err := agents.ParseFormat(s)
		if err != nil {
			return f, invalid("invalid --format %q (supported: %s)", s, strings.Join(agents.FormatNames(), ", "))
		}
		return f, nil
	})
}

// flagChoice is a flag that takes one of a few words (test's --format).
func flagChoice(name string, choices ...string) *value[string] {
	return newValue(choices[0], func(s string) (string, error) {
		for _, c := range choices {
			if s == c {
				return s, nil
			}
		}
		return "", invalid("invalid %s %q (supported: %s)", name, s, strings.Join(choices, ", "))
	})
}

// flagUntrusted is --untrusted: "deny" or "skip", the explicit opt-out of
// SPEC §2.5's trust denies; "" (not given) leaves it to the user's
// settings.untrusted, else deny (engine.Engine.Untrusted).
func flagUntrusted() *value[string] {
	return newValue("", func(s string) (string, error) {
		switch v := strings.ToLower(strings.TrimSpace(s)); v {
		case "", engine.UntrustedDeny, engine.UntrustedSkip:
			return v, nil
		}
		return "", invalid("invalid --untrusted %q (want skip or deny)", s)
	})
}

// flagDialect is --dialect ("": from the file's location).
func flagDialect() *value[registry.Dialect] {
	return newValue("", usage(registry.ParseDialect))
}

// flagRegexp is test's --run (nil: every case).
func flagRegexp() *value[*regexp.Regexp] {
	return newValue("", func(s string) (*regexp.Regexp, error) {
		if s == "" {
			return nil, nil
		}
		re, err := regexp.Compile(s)
		if err != nil {
			return nil, invalid("invalid --run %q: %w", s, err)
		}
		return re, nil
	})
}

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
