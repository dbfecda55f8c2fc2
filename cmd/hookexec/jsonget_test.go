package main

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"strconv"
	"strings"
)

// jsonGet is a helper command for the testscript scripts:
//
//	jsonget [-len] FILE PATH
//
// prints the value at PATH, a dotted path of object keys and array indexes
// ("hooks.0.outcome"; "." or "" is the whole document). Strings are printed
// unquoted, any other value as compact JSON exactly as written in FILE
// (numbers keep their spelling); with -len, the number of elements of the
// array or object at PATH. It exits 1 when FILE is not JSON or PATH does not
// exist. The script command json (script_cmds_test.go) compares a value, a
// regular expression or a length in place, and asserts that a path is
// absent; jsonget is for values a later command reads (cmp against a file,
// a shell pipeline).
func jsonGet(args []string) int {
	length := len(args) > 0 && args[0] == "-len"
	if length {
		args = args[1:]
	}
	if len(args) != 2 {
		fmt.Fprintln(os.Stderr, "usage: jsonget [-len] FILE PATH")
		return 2
	}
	data, err := os.ReadFile(args[0])
	if err != nil {
		fmt.Fprintln(os.Stderr, "jsonget:", err)
		return 1
	}
	if !json.Valid(bytes.TrimSpace(data)) {
		fmt.Fprintf(os.Stderr, "jsonget: %s is not valid JSON\n", args[0])
		return 1
	}
	cur, err := jsonLookup(data, args[1])
	if err != nil {
		fmt.Fprintln(os.Stderr, "jsonget:", err)
		return 1
	}
	if length {
		n, err := jsonLen(cur)
		if err != nil {
			fmt.Fprintf(os.Stderr, "jsonget: %s: %v\n", strings.Trim(args[1], "."), err)
			return 1
		}
		fmt.Println(n)
		return 0
	}
	if len(cur) > 0 && cur[0] == '"' {
		var s string
		if err := json.Unmarshal(cur, &s); err != nil {
			fmt.Fprintln(os.Stderr, "jsonget:", err)
			return 1
		}
		fmt.Println(s)
		return 0
	}
	var buf bytes.Buffer
	if err := json.Compact(&buf, cur); err != nil {
		fmt.Fprintln(os.Stderr, "jsonget:", err)
		return 1
	}
	fmt.Println(buf.String())
	return 0
}

// noPathError is jsonLookup's error for a path that is not in the
// document.
type noPathError struct{ msg string }

func (e *noPathError) Error() string { return e.msg }

// jsonLookup returns the value at path in the JSON document data, exactly
// as written there: path is a dotted path of object keys and array indexes
// ("hooks.0.outcome"; "." or "" is the whole document). A path that is not
// in the document is a *noPathError.
func jsonLookup(data []byte, path string) (json.RawMessage, error) {
	cur := json.RawMessage(bytes.TrimSpace(data))
	path = strings.Trim(path, ".")
	var segs []string
	if path != "" {
		segs = strings.Split(path, ".")
	}
	for i, seg := range segs {
		where := strings.Join(segs[:i+1], ".")
		switch {
		case len(cur) > 0 && cur[0] == '{':
			var obj map[string]json.RawMessage
			if err := json.Unmarshal(cur, &obj); err != nil {
				return nil, err
			}
			v, ok := obj[seg]
			if !ok {
				return nil, &noPathError{where + ": no such key"}
			}
			cur = v
		case len(cur) > 0 && cur[0] == '[':
			var arr []json.RawMessage
			if err := json.Unmarshal(cur, &arr); err != nil {
				return nil, err
			}
			n, err := strconv.Atoi(seg)
			if err != nil || n < 0 || n >= len(arr) {
				return nil, &noPathError{fmt.Sprintf("%s: no such index (array of %d)", where, len(arr))}
			}
			cur = arr[n]
		default:
			return nil, &noPathError{where + ": not an object or array"}
		}
	}
	return cur, nil
}

// jsonLen is the number of elements of the JSON array or object v.
func jsonLen(v json.RawMessage) (int, error) {
	var elems []json.RawMessage
	var members map[string]json.RawMessage
	switch {
	case len(v) > 0 && v[0] == '[' && json.Unmarshal(v, &elems) == nil:
		return len(elems), nil
	case len(v) > 0 && v[0] == '{' && json.Unmarshal(v, &members) == nil:
		return len(members), nil
	}
	return 0, errors.New("not an object or array")
}
