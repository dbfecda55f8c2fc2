package runner

import (
	"errors"
	"os"
	"time"
)

// keeperNeeded: on Windows every hook's Job Object has
// JOB_OBJECT_LIMIT_KILL_ON_JOB_CLOSE (newJob in job_windows.go), so the
// system kills a hook once hookexec dies, however it dies: Options.Keeper
// is ignored.
const keeperNeeded = false

func keeperID(control) (int, uint64, bool) { return 0, 0, false }

func startKeeper(string, []string) (*os.File, error) {
	return nil, errors.New("no keeper on Windows: a hook's Job Object dies with hookexec")
}

// endHooks is never given a hook on Windows: keeperID gives none.
func endHooks(hooks []keeperHook, _ time.Duration) error {
	if len(hooks) > 0 {
		return errors.New("keeper: on Windows a hook's Job Object dies with hookexec; there is nothing to end")
	}
	return nil
}
