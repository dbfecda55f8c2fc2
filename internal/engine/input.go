package engine

import (
	"io"
	"os"
	"strings"
	"time"

	"github.com/hookexec/hookexec/internal/event"
)

// InputFrom is a Request's Input for fire and plan: the event JSON in the
// file at path, else ("" or "-") on stdin (nil: empty), read when the
// request asks for it, with the working directory as the default cwd.
func InputFrom(stdin io.Reader, path string) func() (*event.Input, error) {
	return func() (*event.Input, error) {
		wd, _ := os.Getwd()
		r := stdin
		if path != "" && path != "-" {
			f, err := os.Open(path)
			if err != nil {
				return nil, &event.InputError{Msg: err.Error()}
			}
			defer func() { _ = f.Close() }()
			r = f
		}
		if r == nil {
			r = strings.NewReader("")
		}
		return event.ReadInput(r, time.Now(), wd)
	}
}
