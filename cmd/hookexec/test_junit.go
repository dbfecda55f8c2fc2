package main

import (
	"fmt"
	"os"
	"time"

	"github.com/hookexec/hookexec/internal/casefile"
)

// writeJUnitFile writes the JUnit XML report of `test --junit FILE`
// (casefile.WriteJUnit) to path.
func writeJUnitFile(path string, runs []casefile.Run, total time.Duration) error {
	f, err := os.Create(path)
	if err != nil {
		return fmt.Errorf("--junit: %w", err)
	}
	if err := casefile.WriteJUnit(f, runs, total); err != nil {
		f.Close()
		return fmt.Errorf("--junit: %w", err)
	}
	if err := f.Close(); err != nil {
		return fmt.Errorf("--junit: %w", err)
	}
	return nil
}
