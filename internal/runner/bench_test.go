package runner

import (
	"context"
	"os"
	"testing"
)

func BenchmarkRunTrue(b *testing.B) {
	r := New(Options{})
	spec := Spec{Argv: []string{"true"}, Env: os.Environ(), Stdin: []byte("{}\n")}
	ctx := context.Background()
	for b.Loop() {
		if res := r.Run(ctx, spec); res.Status != Exited || res.ExitCode != 0 {
			b.Fatalf("true: %v %d %v", res.Status, res.ExitCode, res.Err)
		}
	}
}
