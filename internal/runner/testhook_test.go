package runner

import (
	"bytes"
	"fmt"
	"io"
	"os"
	"os/exec"
	"os/signal"
	"strconv"
	"syscall"
	"testing"
	"time"
)

// The portable tests run this test binary itself as the hook, so that the
// same tests run on Unix and on Windows (no bash there). With
// hookProgramEnv set, TestMain runs the steps given as arguments, in order,
// and exits:
//
//	print TEXT        TEXT and a newline on stdout
//	eprint TEXT       TEXT and a newline on stderr
//	flood N           N bytes on stdout and N on stderr (exit 9 if a write fails)
//	cat               copy stdin to stdout
//	exit N            exit with status N
//	sleep DURATION    sleep (a Go duration)
//	touch FILE        create FILE
//	pidfile FILE      write this process's pid to FILE
//	waitfile FILE     wait until FILE exists (exit 1 after 30 s)
//	ignore-stop       ignore SIGTERM, SIGINT and Ctrl-Break from now on
//	child MARK FILE   start a child of this program that writes its pid to
//	                  FILE and sleeps 10 minutes; MARK is in its command
//	                  line, and it shares this process's stdout and stderr
//	mark MARK         nothing (puts MARK in the command line)
const hookProgramEnv = "HOOKEXEC_RUNNER_TEST_HOOK"

func TestMain(m *testing.M) {
	if os.Getenv(hookProgramEnv) == "1" {
		os.Exit(hookProgram(os.Args[1:]))
	}
	os.Exit(m.Run())
}

// hook returns a spec that runs the hook program with steps.
func hook(steps ...string) Spec {
	self, err := os.Executable()
	if err != nil {
		panic(err) // only in tests: the test binary knows where it is
	}
	return Spec{Argv: append([]string{self}, steps...), Env: hookEnv()}
}

// hookEnv is the test's environment plus what makes the test binary the
// hook program. Under the race detector a Go program sleeps 1 s at exit by
// default; hooks must not.
func hookEnv() []string {
	return append(os.Environ(), hookProgramEnv+"=1", "GORACE=atexit_sleep_ms=0")
}

func hookProgram(args []string) int {
	for len(args) > 0 {
		step, n := args[0], 1
		arg := func(i int) string {
			if len(args) <= i {
				fmt.Fprintf(os.Stderr, "hook: %s needs %d arguments\n", step, i)
				os.Exit(64)
			}
			n = max(n, i+1)
			return args[i]
		}
		switch step {
		case "print":
			fmt.Println(arg(1))
		case "eprint":
			fmt.Fprintln(os.Stderr, arg(1))
		case "flood":
			size, _ := strconv.Atoi(arg(1))
			chunk := bytes.Repeat([]byte("0123456789abcdef"), 4096)
			for _, w := range []io.Writer{os.Stdout, os.Stderr} {
				for left := size; left > 0; left -= len(chunk) {
					if _, err := w.Write(chunk[:min(left, len(chunk))]); err != nil {
						return 9
					}
				}
			}
		case "cat":
			if _, err := io.Copy(os.Stdout, os.Stdin); err != nil {
				return 8
			}
		case "exit":
			code, _ := strconv.Atoi(arg(1))
			return code
		case "sleep":
			d, _ := time.ParseDuration(arg(1))
			time.Sleep(d)
		case "touch":
			if err := os.WriteFile(arg(1), nil, 0o644); err != nil {
				return 1
			}
		case "pidfile":
			// Written aside and renamed, so a reader never sees it empty.
			tmp := arg(1) + ".tmp"
			if os.WriteFile(tmp, []byte(strconv.Itoa(os.Getpid())), 0o644) != nil || os.Rename(tmp, arg(1)) != nil {
				return 1
			}
		case "waitfile":
			if !waitFile(arg(1), 30*time.Second) {
				return 1
			}
		case "ignore-stop":
			// Notify, not Ignore: on Windows an ignored Ctrl-Break would
			// still end the process (the default handler runs).
			signal.Notify(make(chan os.Signal, 1), os.Interrupt, syscall.SIGTERM)
		case "child":
			self, _ := os.Executable()
			c := exec.Command(self, "mark", arg(1), "pidfile", arg(2), "sleep", "10m")
			c.Env = hookEnv()
			c.Stdout, c.Stderr = os.Stdout, os.Stderr
			if err := c.Start(); err != nil {
				fmt.Fprintln(os.Stderr, "hook:", err)
				return 1
			}
		case "mark":
			arg(1)
		default:
			fmt.Fprintln(os.Stderr, "hook: unknown step", step)
			return 64
		}
		args = args[n:]
	}
	return 0
}

func waitFile(path string, limit time.Duration) bool {
	for deadline := time.Now().Add(limit); time.Now().Before(deadline); time.Sleep(5 * time.Millisecond) {
		if _, err := os.Stat(path); err == nil {
			return true
		}
	}
	return false
}
