package registry

import (
	"bytes"
	"sort"
)

// The tree produced by the parser in jsonparse.go, and the mapping from
// byte offsets to line:col.

// kind is the JSON type of a value.
type kind uint8

const (
	kindNull kind = iota
	kindBool
	kindNumber
	kindString
	kindArray
	kindObject
)

func (k kind) String() string {
	switch k {
	case kindBool:
		return "boolean"
	case kindNumber:
		return "number"
	case kindString:
		return "string"
	case kindArray:
		return "array"
	case kindObject:
		return "object"
	default:
		return "null"
	}
}

// value is one parsed JSON value with the byte offset of its first byte.
type value struct {
	kind    kind
	off     int
	str     string // string content; the literal text of a number
	b       bool
	elems   []*value
	members []member
}

// member is one key/value pair of an object, in file order.
type member struct {
	key    string
	keyOff int
	val    *value
}

// get returns the value of key, or nil when the object has no such key. As
// in encoding/json, the last of duplicate keys wins.
func (v *value) get(key string) *value {
	for i := len(v.members) - 1; i >= 0; i-- {
		if v.members[i].key == key {
			return v.members[i].val
		}
	}
	return nil
}

// lineIndex maps byte offsets to 1-based line and column numbers. It is
// built once per file; lookups are a binary search.
type lineIndex []int // offsets at which lines start

func newLineIndex(data []byte) lineIndex {
	idx := make(lineIndex, 1, 64)
	for off := 0; ; {
		i := bytes.IndexByte(data[off:], '\n')
		if i < 0 {
			return idx
		}
		off += i + 1
		idx = append(idx, off)
	}
}

// lineCol returns the 1-based line and byte column of off.
func (idx lineIndex) lineCol(off int) (line, col int) {
	n := sort.Search(len(idx), func(i int) bool { return idx[i] > off }) - 1
	if n < 0 {
		n = 0
	}
	return n + 1, off - idx[n] + 1
}
