//go:build unix

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

// BenchmarkRunAllFlood runs 100 hooks that each print 2 MiB on stdout
// (200 MiB): B/op shows that the memory kept follows --max-total-output,
// not hooks × --max-output.
func BenchmarkRunAllFlood(b *testing.B) {
	r := New(Options{})
	specs := make([]Spec, 100)
	for i := range specs {
		specs[i] = Spec{Argv: []string{"head", "-c", "2097152", "/dev/zero"}, Env: os.Environ()}
	}
	ctx := context.Background()
	b.ReportAllocs()
	for b.Loop() {
		results := r.RunAll(ctx, specs)
		if _, capacity := kept(results); capacity > DefaultMaxTotalOutput {
			b.Fatalf("kept %d bytes of capacity", capacity)
		}
	}
}
