package main

import (
	"encoding/json"
	"fmt"
	"os"
	"time"

	"github.com/hookexec/hookexec/internal/engine"
	"github.com/hookexec/hookexec/internal/event"
	"github.com/hookexec/hookexec/internal/safefile"
	"github.com/hookexec/hookexec/internal/verdict"
)

// writeTrace writes the trace of one fire to path; "" writes nothing.
func writeTrace(path string, ev event.Event, start, loaded time.Time, v verdict.Verdict) error {
	if path == "" {
		return nil
	}
	data, err := json.Marshal(engine.NewTrace(ev, start, loaded, v, os.Getpid()))
	if err != nil {
		return fmt.Errorf("--trace: %w", err)
	}
	f, err := safefile.OpenOutput("--trace", path, os.O_TRUNC)
	if err != nil {
		return err
	}
	_, err = shellInert{f}.Write(append(data, '\n'))
	if cerr := f.Close(); err == nil {
		err = cerr
	}
	if err != nil {
		return fmt.Errorf("--trace: %w", err)
	}
	return nil
}
