package server

import (
	"context"
	"errors"
	"fmt"
	"time"
)

// EnsureOptions say which server Ensure makes sure of, and how it starts
// one.
type EnsureOptions struct {
	// Addr is the server's address (host:port), Token the user's token,
	// Version this binary's version: a server of another version is
	// replaced.
	Addr, Token, Version string
	// AdminToken is the user's admin token (AdminTokenPath), which
	// stopping a server of another version needs.
	AdminToken string
	// Lock is the lock file that makes one Ensure at a time start a
	// server (serve.lock in the user's state directory), asked for only
	// when the fast path does not settle it.
	Lock func() (string, error)
	// Start starts the server detached and returns at once.
	Start func() error
	// Wait bounds the wait for a started server to answer, and for a
	// replaced one to let the port go (0: DefaultEnsureWait).
	Wait time.Duration
}

// DefaultEnsureWait is how long Ensure waits for a server it started to
// answer: a server answers within milliseconds of its start.
const DefaultEnsureWait = 3 * time.Second

// lockWait bounds the wait for another Ensure's lock: it holds it while
// it replaces a server and starts one, at most about two Waits.
const lockWait = 10 * time.Second

// pollEvery is the pause between two probes while Ensure waits.
const pollEvery = 20 * time.Millisecond

// Ensure makes sure the user's server of this version answers at Addr:
// when it does already (one probe, the fast path) it returns at once;
// else it takes the lock, probes again (another Ensure may have started it
// meanwhile), shuts down a server of another version and waits for the
// port to be free, starts one and waits until it answers. started says
// whether this call started it. The error wraps ErrNotOurs when something
// that is not the user's server holds the address.
func Ensure(ctx context.Context, o EnsureOptions) (started bool, err error) {
	info, err := Probe(ctx, o.Addr, o.Token)
	if done, err := settled(info, err, o.Version); done {
		return false, err
	}
	lock, err := o.Lock()
	if err != nil {
		return false, err
	}
	unlock, err := lockFile(ctx, lock, lockWait)
	if err != nil {
		return false, err
	}
	defer unlock()
	info, err = Probe(ctx, o.Addr, o.Token)
	if done, err := settled(info, err, o.Version); done {
		return false, err
	}
	if err == nil { // the user's server, of another version
		if err := replace(ctx, o, info); err != nil {
			return false, err
		}
	}
	if err := o.Start(); err != nil {
		return false, fmt.Errorf("starting the server: %w", err)
	}
	return true, waitAnswer(ctx, o)
}

// settled reports whether a probe's answer ends Ensure: the user's server
// of this version answers (nil), or something else holds the address.
func settled(info Info, err error, version string) (bool, error) {
	switch {
	case err == nil:
		return info.Version == version, nil
	case errors.Is(err, ErrNotRunning):
		return false, nil
	default:
		return true, err
	}
}

// replace shuts down the user's server of another version and waits
// until nothing listens at the address.
func replace(ctx context.Context, o EnsureOptions, old Info) error {
	return stopAndWait(ctx, o.Addr, o.Token, o.AdminToken, old, wait(o))
}

// Stop shuts down the user's server at addr (`serve --stop`) and waits
// until nothing listens there (at most DefaultEnsureWait). It returns what
// the server said of itself; the error wraps ErrNotRunning when nothing
// answers, ErrNotOurs when what answers does not hold token (it is then
// sent nothing). admin is the user's admin token.
func Stop(ctx context.Context, addr, token, admin string) (Info, error) {
	info, err := Probe(ctx, addr, token)
	if err != nil {
		return Info{}, err
	}
	return info, stopAndWait(ctx, addr, token, admin, info, DefaultEnsureWait)
}

// stopAndWait asks the server old at addr to shut down and waits at most
// max until nothing listens there.
func stopAndWait(ctx context.Context, addr, token, admin string, old Info, max time.Duration) error {
	if err := Shutdown(ctx, addr, token, admin); err != nil && !errors.Is(err, ErrNotRunning) {
		return fmt.Errorf("stopping the server of version %s (pid %d): %w", old.Version, old.PID, err)
	}
	deadline := time.Now().Add(max)
	for {
		_, err := Probe(ctx, addr, token)
		if errors.Is(err, ErrNotRunning) {
			return nil
		}
		if time.Now().After(deadline) {
			return fmt.Errorf("the server of version %s (pid %d) did not stop within %s", old.Version, old.PID, max)
		}
		if err := sleep(ctx, pollEvery); err != nil {
			return err
		}
	}
}

// waitAnswer waits until the server started answers with this version.
func waitAnswer(ctx context.Context, o EnsureOptions) error {
	deadline := time.Now().Add(wait(o))
	for {
		info, err := Probe(ctx, o.Addr, o.Token)
		switch {
		case err == nil && info.Version == o.Version:
			return nil
		case err == nil:
			err = fmt.Errorf("the server at %s is of version %s, not %s", o.Addr, info.Version, o.Version)
		case errors.Is(err, ErrNotOurs):
			return err
		}
		if time.Now().After(deadline) {
			return fmt.Errorf("the server started did not answer within %s: %w", wait(o), err)
		}
		if err := sleep(ctx, pollEvery); err != nil {
			return err
		}
	}
}

func wait(o EnsureOptions) time.Duration {
	if o.Wait > 0 {
		return o.Wait
	}
	return DefaultEnsureWait
}

// sleep pauses for d, or less when ctx is done (then its error).
func sleep(ctx context.Context, d time.Duration) error {
	t := time.NewTimer(d)
	defer t.Stop()
	select {
	case <-ctx.Done():
		return ctx.Err()
	case <-t.C:
		return nil
	}
}
