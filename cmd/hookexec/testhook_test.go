package main

import (
	"errors"
	"fmt"
	"os"
	"os/exec"
	"os/signal"
	"strconv"
	"syscall"
	"time"
)

// testHook is a helper command compiled into the test binary, for hooks in
// signal and process tests that must not rely on sleeping and hoping:
//
//	testhook ready FILE [SECONDS]    create FILE, then sleep (default 60 s)
//	testhook stubborn FILE [SECONDS] ignore SIGTERM (appending "TERM" to
//	                                 FILE.term for each one), create FILE, then sleep
//	testhook waitfile FILE           wait (up to 30 s) until FILE exists; exit 1 if it never does
//	testhook sleepms N               sleep N milliseconds
//	testhook flood N                 write N bytes on stdout; exit 9 if a write fails
//	testhook nowms                   print the time in milliseconds since the Unix epoch
//	                                 (`date +%s%N` is GNU-only)
//	testhook brokenpipe CMD [ARG...] run CMD with its stdout a pipe nobody reads (the
//	                                 read end closed before it starts), stdin and stderr
//	                                 inherited; print "exit N" or "signal NAME"
func testHook(args []string) int {
	if len(args) == 1 && args[0] == "nowms" {
		fmt.Println(time.Now().UnixMilli())
		return 0
	}
	if len(args) >= 2 && args[0] == "brokenpipe" {
		return brokenPipe(args[1:])
	}
	if len(args) < 2 {
		fmt.Fprintln(os.Stderr, "usage: testhook ready|stubborn|waitfile|sleepms|flood ARG [SECONDS] | testhook nowms")
		return 64
	}
	seconds := 60
	if len(args) > 2 {
		seconds, _ = strconv.Atoi(args[2])
	}
	switch args[0] {
	case "stubborn":
		stubborn(args[1] + ".term")
		fallthrough
	case "ready":
		if err := os.WriteFile(args[1], []byte("ready\n"), 0o644); err != nil {
			fmt.Fprintln(os.Stderr, err)
			return 1
		}
		time.Sleep(time.Duration(seconds) * time.Second)
		return 0
	case "waitfile":
		for deadline := time.Now().Add(30 * time.Second); time.Now().Before(deadline); time.Sleep(5 * time.Millisecond) {
			if _, err := os.Stat(args[1]); err == nil {
				return 0
			}
		}
		fmt.Fprintln(os.Stderr, "testhook: timed out waiting for", args[1])
		return 1
	case "flood":
		n, err := strconv.Atoi(args[1])
		if err != nil {
			return 64
		}
		chunk := make([]byte, 64<<10)
		for i := range chunk {
			chunk[i] = 'x'
		}
		for ; n > 0; n -= len(chunk) {
			if _, err := os.Stdout.Write(chunk[:min(n, len(chunk))]); err != nil {
				return 9
			}
		}
		return 0
	case "sleepms":
		n, err := strconv.Atoi(args[1])
		if err != nil {
			return 64
		}
		time.Sleep(time.Duration(n) * time.Millisecond)
		return 0
	}
	fmt.Fprintln(os.Stderr, "testhook: unknown mode", args[0])
	return 64
}

// stubborn ignores SIGTERM from now on, noting each one in file, so that a
// script can wait until hookexec has tried to terminate the hook.
func stubborn(file string) {
	ch := make(chan os.Signal, 8)
	signal.Notify(ch, syscall.SIGTERM)
	go func() {
		for range ch {
			f, err := os.OpenFile(file, os.O_CREATE|os.O_WRONLY|os.O_APPEND, 0o644)
			if err == nil {
				_, _ = f.WriteString("TERM\n")
				_ = f.Close()
			}
		}
	}()
}

// brokenPipe runs argv with stdout a pipe whose reader is gone, so its
// first write fails (EPIPE, or death by SIGPIPE), whatever its size.
func brokenPipe(argv []string) int {
	r, w, err := os.Pipe()
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		return 1
	}
	_ = r.Close()
	cmd := exec.Command(argv[0], argv[1:]...)
	cmd.Stdin, cmd.Stdout, cmd.Stderr = os.Stdin, w, os.Stderr
	err = cmd.Run()
	_ = w.Close()
	var exit *exec.ExitError
	switch {
	case err == nil:
		fmt.Println("exit 0")
	case errors.As(err, &exit):
		if ws, ok := exit.Sys().(syscall.WaitStatus); ok && ws.Signaled() {
			fmt.Println("signal", ws.Signal())
		} else {
			fmt.Println("exit", exit.ExitCode())
		}
	default:
		fmt.Fprintln(os.Stderr, err)
		return 1
	}
	return 0
}
