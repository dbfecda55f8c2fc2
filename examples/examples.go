// Package examples holds the example policies. hookexec init scaffolds its
// starter policy and the policy's test cases from here, so the example is
// the only copy of them.
package examples

import "embed"

// Starter is the policy hookexec init writes, with its test cases.
//
//go:embed policies/block-dangerous-shell/block-dangerous-shell.sh policies/block-dangerous-shell/tests/cases.json
var Starter embed.FS

// StarterFiles maps each file init writes under .hookexec/ to its source
// in Starter (a new map each call: nothing is built at start-up).
func StarterFiles() map[string]string {
	return map[string]string{
		"policies/block-dangerous-shell.sh": "policies/block-dangerous-shell/block-dangerous-shell.sh",
		"tests/block-dangerous-shell.json":  "policies/block-dangerous-shell/tests/cases.json",
	}
}
