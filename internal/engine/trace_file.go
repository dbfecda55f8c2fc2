package engine

import (
	"encoding/json"
	"fmt"
	"os"

	"github.com/hookexec/hookexec/internal/event"
	"github.com/hookexec/hookexec/internal/safefile"
)

// WriteTraceFile writes the trace of one fire (fire --trace) to path,
// replacing it, shell-inert and never through a link (safefile.OpenOutput);
// "" writes nothing.
func WriteTraceFile(path string, ev event.Event, res Result) error {
	if path == "" {
		return nil
	}
	data, err := json.Marshal(NewTrace(ev, res.Start, res.Loaded, res.Verdict, os.Getpid()))
	if err != nil {
		return fmt.Errorf("--trace: %w", err)
	}
	f, err := safefile.OpenOutput("--trace", path, os.O_TRUNC)
	if err != nil {
		return err
	}
	_, err = safefile.ShellInert{W: f}.Write(append(data, '\n'))
	if cerr := f.Close(); err == nil {
		err = cerr
	}
	if err != nil {
		return fmt.Errorf("--trace: %w", err)
	}
	return nil
}
