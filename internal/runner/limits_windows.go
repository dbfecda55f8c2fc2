package runner

// spawnLimit explains a spawn that failed because a limit was reached, nil
// for any other error. Windows has no per-user limit of open handles or
// processes like RLIMIT_NOFILE and RLIMIT_NPROC: a failure is the
// system's, reported as it is.
func spawnLimit(error) error { return nil }
