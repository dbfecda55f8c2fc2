package runner

import (
	"context"
	"sync"
)

// RunAll runs specs concurrently, at most Options.MaxParallel at a time
// (0: all at once), starting them in order. results[i] belongs to
// specs[i], whatever order they finish in. Specs not yet started when ctx
// is cancelled (or KillAll is called) are Cancelled with Started false.
// Specs without a Budget share one (they are taken as one event).
func (r *Runner) RunAll(ctx context.Context, specs []Spec) []Result {
	results := make([]Result, len(specs))
	var shared *Budget
	if n := countUnbudgeted(specs); n > 0 {
		shared = r.NewBudget(n)
	}
	var sem chan struct{}
	if r.opts.MaxParallel > 0 {
		sem = make(chan struct{}, r.opts.MaxParallel)
	}
	var wg sync.WaitGroup
	for i, spec := range specs {
		if sem != nil {
			select {
			case sem <- struct{}{}:
			case <-ctx.Done():
			}
		}
		if ctx.Err() != nil {
			// Not started; slots released later don't matter any more.
			for j := i; j < len(specs); j++ {
				results[j] = Result{Status: Cancelled, ExitCode: -1}
			}
			break
		}
		if spec.Budget == nil {
			spec.Budget = shared
		}
		wg.Add(1)
		go func() {
			defer wg.Done()
			if sem != nil {
				defer func() { <-sem }()
			}
			results[i] = r.Run(ctx, spec)
		}()
	}
	wg.Wait()
	return results
}

func countUnbudgeted(specs []Spec) int {
	n := 0
	for _, s := range specs {
		if s.Budget == nil {
			n++
		}
	}
	return n
}
