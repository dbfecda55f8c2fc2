//go:build !unix

package server

import (
	"context"
	"errors"
)

// ServeUnix is not supported here: on Windows serve reads stdin only.
func (s *Server) ServeUnix(ctx context.Context, path string) error {
	return errors.New("server: --listen unix: is not supported on this system (use stdin and stdout)")
}
