// Command spawner is the benchmark baseline for hookexec fire: the least a
// Go program must do to run hooks. It reads the event from stdin, starts
// every argument as `bash -c ARG` with the event on its stdin, all in
// parallel, drains their output, waits for them and prints {}.
package main

import (
	"bytes"
	"fmt"
	"io"
	"os"
	"os/exec"
	"sync"
)

func main() {
	event, err := io.ReadAll(os.Stdin)
	if err != nil {
		fmt.Fprintln(os.Stderr, "spawner:", err)
		os.Exit(1)
	}
	var wg sync.WaitGroup
	for _, command := range os.Args[1:] {
		cmd := exec.Command("bash", "-c", command)
		cmd.Stdin = bytes.NewReader(event)
		cmd.Stdout, cmd.Stderr = io.Discard, io.Discard
		if err := cmd.Start(); err != nil {
			fmt.Fprintln(os.Stderr, "spawner:", err)
			continue
		}
		wg.Go(func() { _ = cmd.Wait() })
	}
	wg.Wait()
	if _, err := os.Stdout.WriteString("{}\n"); err != nil {
		os.Exit(1)
	}
}
