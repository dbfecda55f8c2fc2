package server

import (
	"context"
	"errors"
	"testing"
)

// BenchmarkEnsureAnswering is serve --ensure's fast path, the cost of every
// session start once the server runs: one probe of a server that answers
// with this version (no lock, no start).
func BenchmarkEnsureAnswering(b *testing.B) {
	addr := freeAddr(b)
	f := &fakeServer{token: clientToken, version: "1.0.0", pid: 1}
	if err := listenAt(b, addr, f); err != nil {
		b.Fatal(err)
	}
	o := EnsureOptions{
		Addr: addr, Token: clientToken, Version: "1.0.0",
		Lock:  func() (string, error) { return "", errors.New("no lock on the fast path") },
		Start: func() error { return errors.New("no start on the fast path") },
	}
	b.ResetTimer()
	for range b.N {
		if started, err := Ensure(context.Background(), o); err != nil || started {
			b.Fatal(started, err)
		}
	}
}
