package main

import (
	"bytes"
	"encoding/json"
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
// exist, so `! exec jsonget out.json hooks.0.output` asserts that a field is
// absent.
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
	cur := json.RawMessage(bytes.TrimSpace(data))
	if !json.Valid(cur) {
		fmt.Fprintf(os.Stderr, "jsonget: %s is not valid JSON\n", args[0])
		return 1
	}
	path := strings.Trim(args[1], ".")
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
				fmt.Fprintln(os.Stderr, "jsonget:", err)
				return 1
			}
			v, ok := obj[seg]
			if !ok {
				fmt.Fprintf(os.Stderr, "jsonget: %s: no such key\n", where)
				return 1
			}
			cur = v
		case len(cur) > 0 && cur[0] == '[':
			var arr []json.RawMessage
			if err := json.Unmarshal(cur, &arr); err != nil {
				fmt.Fprintln(os.Stderr, "jsonget:", err)
				return 1
			}
			n, err := strconv.Atoi(seg)
			if err != nil || n < 0 || n >= len(arr) {
				fmt.Fprintf(os.Stderr, "jsonget: %s: no such index (array of %d)\n", where, len(arr))
				return 1
			}
			cur = arr[n]
		default:
			fmt.Fprintf(os.Stderr, "jsonget: %s: not an object or array\n", where)
			return 1
		}
	}
	if length {
		var elems []json.RawMessage
		var members map[string]json.RawMessage
		switch {
		case cur[0] == '[' && json.Unmarshal(cur, &elems) == nil:
			fmt.Println(len(elems))
		case cur[0] == '{' && json.Unmarshal(cur, &members) == nil:
			fmt.Println(len(members))
		default:
			fmt.Fprintf(os.Stderr, "jsonget: %s: not an object or array\n", path)
			return 1
		}
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
