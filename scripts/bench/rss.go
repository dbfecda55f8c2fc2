package main

import (
	"fmt"
	"os"
	"os/exec"
	"strconv"
	"strings"
)

// Peak RSS is measured in runs of its own, under /usr/bin/time -f %M when it
// is installed, else under this harness re-executed as a small helper
// (rusageHelper). Not with the harness's own wait4: Go starts children with
// vfork (CLONE_VM), and Linux folds the RSS high-water mark of the memory
// the child shared before exec into its ru_maxrss, so every child would
// report at least the harness's RSS. The wrappers fork from a small process:
// the floor is about 1 MiB (/usr/bin/time) or about 4 MiB (the helper).

// helperFlag as the first argument turns the harness into the helper:
// bench -rusage-helper OUTFILE ARGV...
const helperFlag = "-rusage-helper"

// rssWrapper describes how peak RSS is measured, for the report.
func rssWrapper() string {
	if !rssMeasured {
		return "nothing: peak RSS is not measured on this OS (reported as 0)"
	}
	if timeBin() != "" {
		return "/usr/bin/time -f %M"
	}
	return "the harness's wait4 helper (floor ≈ 4 MiB)"
}

func timeBin() string {
	if fi, err := os.Stat("/usr/bin/time"); err == nil && fi.Mode()&0o111 != 0 {
		return "/usr/bin/time"
	}
	return ""
}

// peakRSS runs c once under the wrapper and returns its peak RSS in bytes:
// the largest of the process and the children it waited for.
func (c command) peakRSS(dir string) (int64, error) {
	f, err := os.CreateTemp("", "hookexec-bench-rss-")
	if err != nil {
		return 0, err
	}
	if err := f.Close(); err != nil {
		return 0, err
	}
	defer func() { _ = os.Remove(f.Name()) }()
	var argv []string
	if t := timeBin(); t != "" {
		argv = append([]string{t, "-f", "%M", "-o", f.Name()}, c.argv...)
	} else {
		self, err := os.Executable()
		if err != nil {
			return 0, err
		}
		argv = append([]string{self, helperFlag, f.Name()}, c.argv...)
	}
	cmd, closeFiles, err := c.prepare(dir, argv)
	if err != nil {
		return 0, err
	}
	defer closeFiles()
	var errOut strings.Builder
	cmd.Stderr = &errOut
	if err := cmd.Run(); err != nil {
		return 0, fmt.Errorf("%s: %w (%s)", strings.Join(c.argv, " "), err, strings.TrimSpace(errOut.String()))
	}
	data, err := os.ReadFile(f.Name())
	if err != nil {
		return 0, err
	}
	lines := strings.Fields(string(data))
	if len(lines) == 0 && !rssMeasured {
		return 0, nil // reported as 0: not measured here
	}
	if len(lines) == 0 {
		return 0, fmt.Errorf("%s: no peak RSS reported", strings.Join(c.argv, " "))
	}
	kib, err := strconv.ParseInt(lines[len(lines)-1], 10, 64)
	if err != nil {
		return 0, fmt.Errorf("%s: peak RSS %q: %w", strings.Join(c.argv, " "), lines[len(lines)-1], err)
	}
	return kib << 10, nil
}

// rusageHelper runs argv with the helper's stdio, writes its ru_maxrss
// (KiB) to outFile and returns its exit status.
func rusageHelper(outFile string, argv []string) int {
	cmd := exec.Command(argv[0], argv[1:]...)
	cmd.Stdin, cmd.Stdout, cmd.Stderr = os.Stdin, os.Stdout, os.Stderr
	err := cmd.Run()
	if cmd.ProcessState == nil {
		fmt.Fprintln(os.Stderr, "bench:", err)
		return 1
	}
	if kib, ok := maxRSS(cmd.ProcessState); ok {
		_ = os.WriteFile(outFile, []byte(strconv.FormatInt(kib, 10)+"\n"), 0o644)
	}
	return cmd.ProcessState.ExitCode()
}
