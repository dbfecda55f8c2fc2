package registry

import "bytes"

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

// noteDuplicates records the keys that members repeats: every occurrence
// but the last, with the offset of the last. Members without a value (top-
// level keys parseConfig skipped) are not compared.
func (p *parser) noteDuplicates(members []member) {
	if len(members) < 2 {
		return
	}
	lastOf := func(i int) int { // the last member with members[i]'s key
		last := i
		for j := i + 1; j < len(members); j++ {
			if members[j].val != nil && members[j].key == members[i].key {
				last = j
			}
		}
		return last
	}
	if len(members) > 16 { // a map, not n² comparisons
		last := make(map[string]int, len(members))
		for i, m := range members {
			if m.val != nil {
				last[m.key] = i
			}
		}
		if len(last) == len(members) {
			return
		}
		lastOf = func(i int) int { return last[members[i].key] }
	}
	for i, m := range members {
		if m.val == nil {
			continue
		}
		if j := lastOf(i); j != i {
			p.dups = append(p.dups, duplicate{key: m.key, off: m.keyOff, last: members[j].keyOff})
		}
	}
}

// lineIndex maps byte offsets to 1-based line and byte column numbers. It
// keeps, for every lineChunk bytes of the file, the number of line breaks
// before the chunk and where the line that holds its first byte starts, so
// it stays small for a file of millions of lines, and a lookup scans at most
// one chunk.
type lineIndex struct {
	data   []byte
	breaks []int // breaks[k]: line breaks before offset k*lineChunk
	starts []int // starts[k]: start of the line holding offset k*lineChunk
}

const lineChunk = 4096

func newLineIndex(data []byte) lineIndex {
	n := len(data)/lineChunk + 1
	idx := lineIndex{data: data, breaks: make([]int, n), starts: make([]int, n)}
	breaks, start := 0, 0
	for k := range n {
		idx.breaks[k], idx.starts[k] = breaks, start
		lo := k * lineChunk
		chunk := data[lo:min(lo+lineChunk, len(data))]
		breaks += bytes.Count(chunk, []byte{'\n'})
		if j := bytes.LastIndexByte(chunk, '\n'); j >= 0 {
			start = lo + j + 1
		}
	}
	return idx
}

// lineCol returns the 1-based line and byte column of off.
func (idx lineIndex) lineCol(off int) (line, col int) {
	off = min(max(off, 0), len(idx.data))
	k := off / lineChunk
	lo := k * lineChunk
	seg := idx.data[lo:off]
	start := idx.starts[k]
	if j := bytes.LastIndexByte(seg, '\n'); j >= 0 {
		start = lo + j + 1
	}
	return idx.breaks[k] + bytes.Count(seg, []byte{'\n'}) + 1, off - start + 1
}
