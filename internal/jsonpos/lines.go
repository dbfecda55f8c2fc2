package jsonpos

import "bytes"

// Lines maps byte offsets to 1-based line and byte column numbers. It
// keeps, for every lineChunk bytes of the file, the number of line breaks
// before the chunk and where the line that holds its first byte starts, so
// it stays small for a file of millions of lines, and a lookup scans at most
// one chunk.
type Lines struct {
	data   []byte
	breaks []int // breaks[k]: line breaks before offset k*lineChunk
	starts []int // starts[k]: start of the line holding offset k*lineChunk
}

const lineChunk = 4096

// NewLines indexes data.
func NewLines(data []byte) Lines {
	n := len(data)/lineChunk + 1
	idx := Lines{data: data, breaks: make([]int, n), starts: make([]int, n)}
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

// LineCol returns the 1-based line and byte column of off (clamped to the
// data).
func (idx Lines) LineCol(off int) (line, col int) {
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
