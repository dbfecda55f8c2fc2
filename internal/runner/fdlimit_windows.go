package runner

import "fmt"

// descriptorLimitError: Windows has no per-process limit of open handles
// to name, only the system's resources.
func descriptorLimitError(err error) error {
	return fmt.Errorf("%w (out of handles)", err)
}
