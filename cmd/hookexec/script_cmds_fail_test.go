package main

import (
	"fmt"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"sync"
	"testing"

	"github.com/rogpeppe/go-internal/testscript"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestScriptCmdsFail runs small scripts whose status or json command must
// fail, each under a testscript.T that records the failure, and checks the
// message: `! json` passing in testscript_json.txtar shows the negated
// form; these show the plain form failing and the failures ! does not turn
// into a pass.
func TestScriptCmdsFail(t *testing.T) {
	if runtime.GOOS == "windows" {
		t.Skip("the scripts use sh; on Windows, fire_windows_test.go runs hookexec")
	}
	doc := "\n-- doc.json --\n{\"a\": \"x\", \"b\": [1, 2]}\n-- text.txt --\nnot JSON\n"
	cases := map[string]struct {
		script string
		want   string // in the failure message; "" for a script that passes
	}{
		"json_passes":        {script: "json doc.json a '\"x\"'\njson doc.json b.1 2.0\n" + doc},
		"json_other_value":   {script: "json doc.json a '\"y\"'\n" + doc, want: `json: doc.json: a is "x", want "y"`},
		"json_negated":       {script: "! json doc.json b '[1, 2e0]'\n" + doc, want: "json: doc.json: b is [1,2], want anything but [1,2e0]"},
		"json_absent":        {script: "json doc.json c\n" + doc, want: "json: doc.json: c: no such key"},
		"json_present":       {script: "! json doc.json b.0\n" + doc, want: "json: doc.json: b.0 is present: 1"},
		"json_length":        {script: "json -len doc.json b 3\n" + doc, want: "json: doc.json: b has 2 elements, want 3"},
		"json_not_json":      {script: "! json text.txt a\n" + doc, want: "json: text.txt is not valid JSON"},
		"json_bare_string":   {script: "! json doc.json a x\n" + doc, want: `json: the value x is not JSON (a string is quoted: '"x"')`},
		"json_match_passes":  {script: "json -match doc.json a '^x$'\njson -match doc.json b '^\\[1,2\\]$'\n! json -match doc.json a y\n! json -match doc.json c x\n" + doc},
		"json_match_other":   {script: "json -match doc.json a '^y'\n" + doc, want: `json: doc.json: a is "x", want a match for ^y`},
		"json_match_negated": {script: "! json -match doc.json b '2\\]$'\n" + doc, want: "json: doc.json: b is [1,2], want anything but a match for 2\\]$"},
		"json_match_absent":  {script: "json -match doc.json c x\n" + doc, want: "json: doc.json: c: no such key"},
		"json_match_bad_re":  {script: "! json -match doc.json a '('\n" + doc, want: "usage: json -match FILE PATH REGEXP: error parsing regexp"},
		"json_usage":         {script: "json doc.json\n" + doc, want: "usage: json [-len | -match] FILE PATH [VALUE]"},
		"status_passes":      {script: "! exec hookexec fire NoSuchEvent\nstatus 1\n"},
		"status_other":       {script: "! exec hookexec fire NoSuchEvent\nstatus 2\n", want: "hookexec exited 1, want 2"},
		"status_negated":     {script: "! exec hookexec fire NoSuchEvent\n! status 1\n", want: "hookexec exited 1"},
		"status_no_run":      {script: "status 0\n", want: "status: no hookexec run has ended since the script began or since the last status"},
		"status_read_once":   {script: "exec hookexec version\nstatus 0\nstatus 0\n", want: "status: no hookexec run has ended"},
		"status_run_passes": {script: "stdin in.txt\nstatus 3 sh -c 'cat; echo err >&2; exit 3'\nstdout '^from stdin$'\nstderr '^err$'\n" +
			"status 1 hookexec fire NoSuchEvent\n! status 0 hookexec fire NoSuchEvent\n-- in.txt --\nfrom stdin\n"},
		"status_run_other":   {script: "status 2 hookexec fire NoSuchEvent\n", want: "hookexec exited 1, want 2"},
		"status_run_negated": {script: "! status 3 sh -c 'exit 3'\n", want: "sh exited 3"},
		"status_run_signal":  {script: "! status 0 sh -c 'kill -KILL $$'\n", want: "status: sh did not exit: signal: killed"},
		"status_run_missing": {script: "! status 1 no-such-program\n", want: "status: no-such-program:"},
		"status_run_drops":   {script: "status 1 sh -c 'hookexec fire NoSuchEvent'\nstatus 1\n", want: "status: no hookexec run has ended"},
	}
	dir := t.TempDir()
	for name, c := range cases {
		require.NoError(t, os.WriteFile(filepath.Join(dir, name+".txtar"), []byte(c.script), 0o600))
	}
	rec := &recordingT{runs: map[string]*recordingT{}}
	rec.run(func() { testscript.RunT(rec, scriptParams(dir)) })
	require.False(t, rec.failed, "the scripts did not run: %s", rec.log.String())
	for name, c := range cases {
		got := rec.runs[name]
		require.NotNil(t, got, "%s did not run", name)
		if c.want == "" {
			assert.False(t, got.failed, "%s failed:\n%s", name, got.log.String())
			continue
		}
		assert.True(t, got.failed, "%s passed", name)
		assert.Contains(t, got.log.String(), c.want, name)
	}
}

// recordingT is a testscript.T that records a failure, and what was
// logged, instead of failing the test; each script runs under one of its
// own, in runs.
type recordingT struct {
	mu     sync.Mutex
	failed bool
	log    strings.Builder
	runs   map[string]*recordingT
}

// run calls f on a goroutine of its own, which FailNow and Skip end.
func (r *recordingT) run(f func()) {
	done := make(chan struct{})
	go func() {
		defer close(done)
		f()
	}()
	<-done
}

func (r *recordingT) Skip(args ...any) {
	r.Log(args...)
	runtime.Goexit()
}

func (r *recordingT) Fatal(args ...any) {
	r.Log(args...)
	r.FailNow()
}

func (r *recordingT) Parallel() {}

func (r *recordingT) Log(args ...any) {
	r.mu.Lock()
	defer r.mu.Unlock()
	fmt.Fprintln(&r.log, args...)
}

func (r *recordingT) FailNow() {
	r.mu.Lock()
	r.failed = true
	r.mu.Unlock()
	runtime.Goexit()
}

func (r *recordingT) Run(name string, f func(testscript.T)) {
	sub := &recordingT{}
	r.mu.Lock()
	r.runs[name] = sub
	r.mu.Unlock()
	sub.run(func() { f(sub) })
}

func (r *recordingT) Verbose() bool { return false }
