// Command safetynet extracts the command cases of cc-safety-net's test
// suite (github.com/kenryu42/claude-code-safety-net, tests/core/**/*.test.ts)
// into JSON: every assertBlocked(command, reason, cwd?) and
// assertAllowed(command, cwd?) call, with the file and line it is on, the
// test it belongs to, the environment of an enclosing withEnv({...}) and
// the cwd argument as written. It reads the TypeScript as text with a small
// scanner (strings, template literals, comments, brackets), so it needs no
// JavaScript runtime.
//
//	go run ./scripts/safetynet -repo DIR [-commit SHA] > testdata/safetynet/cases.json
//
// DIR is a checkout of that repository. Files that define their own
// assertBlocked (custom-rule suites, which test a configuration rather than
// the default policy) are left out, and so are calls whose command is not a
// plain string literal; both are counted in the output's "skipped".
package main

import (
	"encoding/json"
	"flag"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"sort"
	"strings"
)

func main() {
	repo := flag.String("repo", "", "a checkout of github.com/kenryu42/claude-code-safety-net")
	commit := flag.String("commit", "", "the commit of that checkout, recorded in the output")
	flag.Parse()
	if *repo == "" {
		fmt.Fprintln(os.Stderr, "safetynet: -repo DIR is required")
		os.Exit(2)
	}
	out, err := extractRepo(*repo)
	if err != nil {
		fmt.Fprintln(os.Stderr, "safetynet:", err)
		os.Exit(1)
	}
	out.Commit = *commit
	enc := json.NewEncoder(os.Stdout)
	enc.SetIndent("", "  ")
	enc.SetEscapeHTML(false)
	if err := enc.Encode(out); err != nil {
		fmt.Fprintln(os.Stderr, "safetynet:", err)
		os.Exit(1)
	}
}

// Output is the extracted suite.
type Output struct {
	Source  string   `json:"source"`
	Commit  string   `json:"commit,omitempty"`
	License string   `json:"license"`
	Cases   []Case   `json:"cases"`
	Skipped []string `json:"skipped,omitempty"`
}

// Case is one assertion of the suite.
type Case struct {
	File    string `json:"file"`
	Line    int    `json:"line"`
	Test    string `json:"test,omitempty"`
	Command string `json:"command"`
	// Expect is "block" or "allow".
	Expect string `json:"expect"`
	// Reason is the text the block's reason must contain.
	Reason string `json:"reason,omitempty"`
	// Cwd is the cwd argument as written (an expression of the test,
	// such as tmpDir), "" when the call has none.
	Cwd string `json:"cwd,omitempty"`
	// Env is the environment of an enclosing withEnv (the suite's
	// stricter modes, SAFETY_NET_STRICT and the like).
	Env map[string]string `json:"env,omitempty"`
}

func extractRepo(repo string) (Output, error) {
	out := Output{Source: "github.com/kenryu42/claude-code-safety-net", License: "MIT", Cases: []Case{}}
	root := filepath.Join(repo, "tests", "core")
	var files []string
	err := filepath.WalkDir(root, func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if !d.IsDir() && strings.HasSuffix(path, ".test.ts") {
			files = append(files, path)
		}
		return nil
	})
	if err != nil {
		return out, err
	}
	sort.Strings(files)
	for _, path := range files {
		data, err := os.ReadFile(path)
		if err != nil {
			return out, err
		}
		rel, _ := filepath.Rel(repo, path)
		rel = filepath.ToSlash(rel)
		if strings.Contains(string(data), "function assertBlocked(") {
			out.Skipped = append(out.Skipped, rel+": defines its own assertBlocked (a custom-rule suite)")
			continue
		}
		cases, skipped := extract(rel, string(data))
		out.Cases = append(out.Cases, cases...)
		out.Skipped = append(out.Skipped, skipped...)
	}
	return out, nil
}
