package main

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"math/big"
	"os"
	"os/exec"
	"regexp"
	"strconv"

	"github.com/rogpeppe/go-internal/testscript"
)

// The scripts' own commands, besides testscript's (the models: cue's and
// gofumpt's script tests). They run in the test process:
//
//	status N [PROGRAM [ARGS...]]
//
// asserts an exit status of exactly N (with !, any other status).
// testscript's `! exec` accepts any failure; hookexec's statuses (0
// proceed, 1 usage or config, 2 blocked, 128+n a signal; SPEC §6) say
// different things. With PROGRAM, status runs it as exec does (hookexec is
// the one on PATH, this test binary; the script's stdin; its stdout and
// stderr kept for the stdout and stderr commands) and checks its status: a
// program that cannot start, or that a signal killed, fails either way.
// Without PROGRAM, status checks the last hookexec run that ended, which
// may be one a shell started (`exec sh -c 'hookexec ...; more'`). Each
// run is read once: a second bare status without a hookexec run in
// between fails, and status PROGRAM drops the run it started.
//
//	json [-len | -match] FILE PATH [VALUE]
//
// asserts that the JSON document in FILE (or stdout or stderr, the last
// exec's output, as for cmp) has VALUE at PATH. PATH is a dotted path of
// object keys and array indexes ("hooks.0.outcome"; "." is the whole
// document). VALUE is JSON: a string is quoted ('"deny"'), and the
// comparison ignores layout, key order and the spelling of numbers (1.0 is
// 1). Without VALUE, json asserts that PATH is present; with -len, that
// the array or object at PATH has VALUE elements; with -match, that VALUE,
// a regular expression as stdout takes (multi-line mode), matches the
// value: a string's text, any other value as compact JSON. With !, the
// value differs (or does not match) or PATH is absent, so `! json FILE
// PATH` asserts that PATH is absent. A FILE that is not JSON, or a VALUE
// that is not JSON (or not a regular expression), fails either way.
func scriptCmds() map[string]func(ts *testscript.TestScript, neg bool, args []string) {
	return map[string]func(ts *testscript.TestScript, neg bool, args []string){
		"status": cmdStatus,
		"json":   cmdJSON,
	}
}

// statusFileEnv names the file where hookexec, run by a script, leaves its
// exit status for the status command.
const statusFileEnv = "SCRIPT_STATUS_FILE"

// runRecordingStatus runs hookexec's main and, when the script set
// statusFileEnv, writes the exit status there. The variable is removed
// first, so hooks, and the hookexec runs they start, leave it alone.
func runRecordingStatus(run func() int) int {
	file := os.Getenv(statusFileEnv)
	if err := os.Unsetenv(statusFileEnv); err != nil {
		fmt.Fprintln(os.Stderr, "test setup:", err)
		return 1
	}
	code := run()
	if file != "" {
		if err := os.WriteFile(file, []byte(strconv.Itoa(code)), 0o600); err != nil {
			fmt.Fprintln(os.Stderr, "test setup:", err)
			return 1
		}
	}
	return code
}

func cmdStatus(ts *testscript.TestScript, neg bool, args []string) {
	if len(args) < 1 {
		ts.Fatalf("usage: status N [PROGRAM [ARGS...]]")
	}
	want, err := strconv.Atoi(args[0])
	if err != nil {
		ts.Fatalf("usage: status N [PROGRAM [ARGS...]]: %v", err)
	}
	var got int
	if len(args) > 1 {
		got = runStatus(ts, args[1:])
	} else {
		got = recordedStatus(ts)
	}
	switch {
	case neg && got == want:
		ts.Fatalf("%s exited %d", statusOf(args), got)
	case !neg && got != want:
		ts.Fatalf("%s exited %d, want %d", statusOf(args), got, want)
	}
}

// statusOf names, in status's messages, what exited.
func statusOf(args []string) string {
	if len(args) > 1 {
		return args[1]
	}
	return "hookexec"
}

// recordedStatus reads, and removes, the status the last hookexec run that
// ended left in statusFileEnv's file.
func recordedStatus(ts *testscript.TestScript) int {
	file := ts.Getenv(statusFileEnv)
	data, err := os.ReadFile(file)
	if errors.Is(err, fs.ErrNotExist) {
		ts.Fatalf("status: no hookexec run has ended since the script began or since the last status")
	}
	ts.Check(err)
	ts.Check(os.Remove(file))
	got, err := strconv.Atoi(string(data))
	ts.Check(err)
	return got
}

// runStatus runs argv as exec does and returns its exit status. It fails
// the script when the program did not start or did not exit on its own.
// The status a hookexec run recorded is dropped: this status has read it.
func runStatus(ts *testscript.TestScript, argv []string) int {
	err := ts.Exec(argv[0], argv[1:]...)
	if rmErr := os.Remove(ts.Getenv(statusFileEnv)); rmErr != nil && !errors.Is(rmErr, fs.ErrNotExist) {
		ts.Check(rmErr)
	}
	if err == nil {
		return 0
	}
	var exit *exec.ExitError
	if !errors.As(err, &exit) {
		ts.Fatalf("status: %s: %v", argv[0], err)
	}
	if exit.ExitCode() < 0 {
		ts.Fatalf("status: %s did not exit: %v", argv[0], err)
	}
	return exit.ExitCode()
}

func cmdJSON(ts *testscript.TestScript, neg bool, args []string) {
	length := len(args) > 0 && args[0] == "-len"
	match := len(args) > 0 && args[0] == "-match"
	if length || match {
		args = args[1:]
	}
	if len(args) < 2 || len(args) > 3 || ((length || match) && len(args) != 3) {
		ts.Fatalf("usage: json [-len | -match] FILE PATH [VALUE]")
	}
	var re *regexp.Regexp
	if match {
		var err error
		if re, err = regexp.Compile("(?m)" + args[2]); err != nil {
			ts.Fatalf("usage: json -match FILE PATH REGEXP: %v", err)
		}
	}
	name, path := args[0], args[1]
	data := []byte(ts.ReadFile(name))
	if !json.Valid(data) {
		ts.Fatalf("json: %s is not valid JSON", name)
	}
	got, err := jsonLookup(data, path)
	var absent *noPathError
	if errors.As(err, &absent) {
		if !neg {
			ts.Fatalf("json: %s: %v", name, err)
		}
		return
	}
	ts.Check(err)
	switch {
	case len(args) == 2:
		if neg {
			ts.Fatalf("json: %s: %s is present: %s", name, path, compactJSON(got))
		}
	case match:
		text := compactJSON(got)
		if len(got) > 0 && got[0] == '"' {
			var str string
			ts.Check(json.Unmarshal(got, &str))
			text = str
		}
		if re.MatchString(text) == neg {
			ts.Fatalf("json: %s: %s is %s, want %sa match for %s", name, path, compactJSON(got), not(neg), args[2])
		}
	case length:
		want, err := strconv.Atoi(args[2])
		if err != nil {
			ts.Fatalf("usage: json -len FILE PATH N: %v", err)
		}
		n, err := jsonLen(got)
		if err != nil {
			ts.Fatalf("json: %s: %s: %v", name, path, err)
		}
		if (n == want) == neg {
			ts.Fatalf("json: %s: %s has %d elements, want %s%d", name, path, n, not(neg), want)
		}
	default:
		want := []byte(args[2])
		if !json.Valid(want) {
			ts.Fatalf("json: the value %s is not JSON (a string is quoted: '%q')", args[2], args[2])
		}
		if jsonEqual(got, want) == neg {
			ts.Fatalf("json: %s: %s is %s, want %s%s", name, path, compactJSON(got), not(neg), compactJSON(want))
		}
	}
}

func not(neg bool) string {
	if neg {
		return "anything but "
	}
	return ""
}

// compactJSON is v without layout, for messages.
func compactJSON(v []byte) string {
	var buf bytes.Buffer
	if err := json.Compact(&buf, v); err != nil {
		return string(v)
	}
	return buf.String()
}

// jsonEqual reports whether the JSON values a and b (both valid) are the
// same value: layout and key order aside, numbers compared by value.
func jsonEqual(a, b []byte) bool {
	va, err := decodeJSONValue(a)
	if err != nil {
		return false
	}
	vb, err := decodeJSONValue(b)
	if err != nil {
		return false
	}
	return sameJSON(va, vb)
}

func decodeJSONValue(data []byte) (any, error) {
	d := json.NewDecoder(bytes.NewReader(data))
	d.UseNumber()
	var v any
	err := d.Decode(&v)
	return v, err
}

func sameJSON(a, b any) bool {
	switch a := a.(type) {
	case map[string]any:
		b, ok := b.(map[string]any)
		if !ok || len(a) != len(b) {
			return false
		}
		for k, va := range a {
			vb, ok := b[k]
			if !ok || !sameJSON(va, vb) {
				return false
			}
		}
		return true
	case []any:
		b, ok := b.([]any)
		if !ok || len(a) != len(b) {
			return false
		}
		for i := range a {
			if !sameJSON(a[i], b[i]) {
				return false
			}
		}
		return true
	case json.Number:
		b, ok := b.(json.Number)
		if !ok {
			return false
		}
		ra, oka := new(big.Rat).SetString(string(a))
		rb, okb := new(big.Rat).SetString(string(b))
		return oka && okb && ra.Cmp(rb) == 0
	default: // string, bool, nil
		return a == b
	}
}
