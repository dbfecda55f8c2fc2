//go:build unix

package server

import (
	"context"
	"errors"
	"fmt"
	"os"
	"sync"
	"syscall"
)

// ServeUnix listens on a Unix socket at path (mode 0600) and serves each
// connection as its own message stream until ctx is cancelled; then it
// cancels the events running, answers them, closes the connections and
// removes the socket. A path that exists is refused unless it is a socket
// nobody listens on (left by a server that died), which is replaced.
//
// It uses syscall rather than package net, which hookexec does not
// otherwise need.
func (s *Server) ServeUnix(ctx context.Context, path string) error {
	l, err := listenUnix(path)
	if err != nil {
		return err
	}
	defer os.Remove(path)
	go func() {
		<-ctx.Done()
		_ = l.Close()
	}()
	rc, err := l.SyscallConn()
	if err != nil {
		return fmt.Errorf("server: %s: %w", path, err)
	}
	var wg sync.WaitGroup
	defer wg.Wait()
	for {
		var nfd int
		var aerr error
		err := rc.Read(func(fd uintptr) bool {
			syscall.ForkLock.RLock()
			nfd, _, aerr = syscall.Accept(int(fd))
			if aerr == nil {
				syscall.CloseOnExec(nfd)
			}
			syscall.ForkLock.RUnlock()
			return aerr != syscall.EAGAIN
		})
		switch {
		case err != nil || ctx.Err() != nil: // closed: shutting down
			if aerr == nil && err == nil {
				_ = syscall.Close(nfd)
			}
			return nil
		case aerr == syscall.EINTR || aerr == syscall.ECONNABORTED:
			continue
		case aerr != nil:
			return fmt.Errorf("server: accepting on %s: %w", path, aerr)
		}
		if err := syscall.SetNonblock(nfd, true); err != nil {
			_ = syscall.Close(nfd)
			continue
		}
		conn := os.NewFile(uintptr(nfd), path)
		wg.Add(1)
		go func() {
			defer wg.Done()
			defer conn.Close()
			if err := s.Serve(ctx, conn, conn); err != nil {
				s.opts.Log.Debug().Err(err).Msg("connection ended")
			}
		}()
	}
}

// listenUnix creates the listening socket, 0600, non-blocking.
func listenUnix(path string) (*os.File, error) {
	if err := removeStale(path); err != nil {
		return nil, err
	}
	syscall.ForkLock.RLock()
	fd, err := syscall.Socket(syscall.AF_UNIX, syscall.SOCK_STREAM, 0)
	if err == nil {
		syscall.CloseOnExec(fd)
	}
	syscall.ForkLock.RUnlock()
	if err != nil {
		return nil, fmt.Errorf("server: socket: %w", err)
	}
	// The umask makes the socket 0600 from the start (no window in which
	// others could connect); nothing else creates files at this point.
	old := syscall.Umask(0o177)
	err = syscall.Bind(fd, &syscall.SockaddrUnix{Name: path})
	syscall.Umask(old)
	if err == nil {
		err = syscall.Listen(fd, 64)
	}
	if err == nil {
		err = syscall.SetNonblock(fd, true)
	}
	if err != nil {
		_ = syscall.Close(fd)
		return nil, fmt.Errorf("server: listening on %s: %w", path, err)
	}
	return os.NewFile(uintptr(fd), path), nil
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
	fd, err := syscall.Socket(syscall.AF_UNIX, syscall.SOCK_STREAM, 0)
	if err != nil {
		return fmt.Errorf("server: socket: %w", err)
	}
	err = syscall.Connect(fd, &syscall.SockaddrUnix{Name: path})
	_ = syscall.Close(fd)
	if err == nil {
		return fmt.Errorf("server: %s: another server is listening on it", path)
	}
	if !errors.Is(err, syscall.ECONNREFUSED) {
		return fmt.Errorf("server: %s exists and cannot be checked (%v); refusing to replace it", path, err)
	}
	if err := os.Remove(path); err != nil {
		return fmt.Errorf("server: removing the stale socket: %w", err)
	}
	return nil
}
