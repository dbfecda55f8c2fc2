//go:build unix

package server

import (
	"context"
	"errors"
	"fmt"
	"net"
	"os"
	"sync"
	"syscall"
)

// ServeUnix listens on a Unix socket at path (mode 0600) and serves each
// connection as its own message stream until ctx is cancelled; then it
// cancels the events running, answers them, closes the connections and
// removes the socket. A path that exists is refused unless it is a socket
// nobody listens on (left by a server that died), which is replaced.
func (s *Server) ServeUnix(ctx context.Context, path string) error {
	l, err := listenUnix(path)
	if err != nil {
		return err
	}
	// Closing twice (the watcher below closes first) and removing a socket
	// already gone fail, and change nothing.
	defer func() { _ = os.Remove(path) }()
	defer func() { _ = l.Close() }()
	go func() {
		<-ctx.Done()
		_ = l.Close()
	}()
	var wg sync.WaitGroup
	defer wg.Wait()
	for {
		conn, err := l.AcceptUnix() // retries EINTR and ECONNABORTED itself
		switch {
		case ctx.Err() != nil: // closed: shutting down
			if err == nil {
				_ = conn.Close()
			}
			return nil
		case errors.Is(err, net.ErrClosed):
			return nil
		case err != nil:
			return fmt.Errorf("server: accepting on %s: %w", path, syscallErr(err))
		}
		wg.Add(1)
		go func() {
			defer wg.Done()
			defer func() { _ = conn.Close() }()
			if err := s.Serve(ctx, conn, conn); err != nil {
				s.opts.Log.Debug().Err(err).Msg("connection ended")
			}
		}()
	}
}

// umaskMu serializes the umask window of listenUnix: the umask belongs to
// the process, not to a goroutine.
var umaskMu sync.Mutex

// listenUnix creates the listening socket, 0600. The socket file is
// removed by ServeUnix once every connection is done, not when the
// listener closes.
func listenUnix(path string) (*net.UnixListener, error) {
	if err := removeStale(path); err != nil {
		return nil, err
	}
	// The umask makes the socket 0600 from the start (no window in which
	// others could connect); nothing else creates files at this point.
	// The umask is the process's: umaskMu keeps two listeners (tests run
	// in parallel) from restoring each other's 0177 to the old mask before
	// the other's bind.
	umaskMu.Lock()
	old := syscall.Umask(0o177)
	l, err := net.ListenUnix("unix", &net.UnixAddr{Name: path, Net: "unix"})
	syscall.Umask(old)
	umaskMu.Unlock()
	if err != nil {
		return nil, fmt.Errorf("server: listening on %s: %w", path, syscallErr(err))
	}
	l.SetUnlinkOnClose(false)
	return l, nil
}

// removeStale removes path if it is a socket nobody listens on; any other
// existing file is an error.
func removeStale(path string) error {
	fi, err := os.Lstat(path)
	if errors.Is(err, os.ErrNotExist) {
		return nil
	}
	if err != nil {
		return fmt.Errorf("server: %w", err)
	}
	if fi.Mode().Type() != os.ModeSocket {
		return fmt.Errorf("server: %s exists and is not a socket; refusing to replace it", path)
	}
	c, err := net.DialUnix("unix", nil, &net.UnixAddr{Name: path, Net: "unix"})
	if err == nil {
		_ = c.Close()
		return fmt.Errorf("server: %s: another server is listening on it", path)
	}
	if !errors.Is(err, syscall.ECONNREFUSED) {
		return fmt.Errorf("server: %s exists and cannot be checked (%v); refusing to replace it", path, syscallErr(err))
	}
	if err := os.Remove(path); err != nil {
		return fmt.Errorf("server: removing the stale socket: %w", err)
	}
	return nil
}

// syscallErr is the system's error inside a net error (what the kernel
// said, without net's "listen unix PATH: bind:" prefix, which the
// messages above already give in their own words); err itself when there
// is none.
func syscallErr(err error) error {
	var errno syscall.Errno
	if errors.As(err, &errno) {
		return errno
	}
	return err
}
