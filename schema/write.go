package schema

import (
	"errors"
	"fmt"
	"os"

	"github.com/hookexec/hookexec/internal/safefile"
)

// WriteFile writes the schema to path (`hookexec schema --output`), 0644
// when new, replacing it if it exists, never through a symbolic link.
func WriteFile(path string) error {
	f, err := safefile.OpenNoFollow(path, os.O_WRONLY|os.O_CREATE|os.O_TRUNC, 0o644)
	if errors.Is(err, safefile.ErrSymlink) {
		return fmt.Errorf("--output %s: is a symbolic link, which hookexec does not follow; give the path of a regular file", path)
	}
	if err != nil {
		return fmt.Errorf("--output: %w", err)
	}
	if _, err := f.Write(hooksSchema); err != nil {
		_ = f.Close()
		return fmt.Errorf("--output %s: %w", path, err)
	}
	return f.Close()
}
