// Command printjson is the benchmark baseline for a fire that runs no hook:
// the cost of starting a Go binary that prints {} and exits.
package main

import "os"

func main() {
	if _, err := os.Stdout.WriteString("{}\n"); err != nil {
		os.Exit(1)
	}
}
