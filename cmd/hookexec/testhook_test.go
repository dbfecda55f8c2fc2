package main

import (
	"fmt"
	"os"
	"os/signal"
	"strconv"
	"syscall"
	"time"
)

// testHook is a helper command compiled into the test binary, for hooks in
// signal and process tests that must not rely on sleeping and hoping:
//
//	testhook ready FILE [SECONDS]   ignore nothing; create FILE, then sleep (default 60 s)
//	testhook stubborn FILE [SECONDS] ignore SIGTERM, create FILE, then sleep
//	testhook waitfile FILE          wait (up to 30 s) until FILE exists; exit 1 if it never does
//	testhook sleepms N              sleep N milliseconds
func testHook(args []string) int {
	if len(args) < 2 {
		fmt.Fprintln(os.Stderr, "usage: testhook ready|stubborn|waitfile|sleepms ARG [SECONDS]")
		return 64
	}
	seconds := 60
	if len(args) > 2 {
		seconds, _ = strconv.Atoi(args[2])
	}
	switch args[0] {
	case "stubborn":
		signal.Ignore(syscall.SIGTERM)
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
