// Command bcryptprimitives writes a tiny bcryptprimitives.dll for Wine 8,
// which lacks that DLL: every Go >= 1.22 Windows program calls its
// ProcessPrng at start and dies without it. The DLL has no code, only an
// export table whose one export, ProcessPrng, is forwarded to
// advapi32.SystemFunction036 (RtlGenRandom: same arguments, a buffer and
// its length, and the same BOOL result).
//
// Usage: go run ./scripts/wine/bcryptprimitives OUTFILE
package main

import (
	"bytes"
	"encoding/binary"
	"fmt"
	"os"
)

const (
	fileAlign  = 0x200
	sectionRVA = 0x1000
	imageSize  = 0x2000
)

func main() {
	if len(os.Args) != 2 {
		fmt.Fprintln(os.Stderr, "usage: bcryptprimitives OUTFILE")
		os.Exit(2)
	}
	if err := os.WriteFile(os.Args[1], dll(), 0o644); err != nil {
		fmt.Fprintln(os.Stderr, "bcryptprimitives:", err)
		os.Exit(1)
	}
}

// dll builds the PE32+ image: headers in the first 0x200 bytes, then one
// read-only section at RVA 0x1000 holding the export directory.
func dll() []byte {
	edata := exportSection()
	var b bytes.Buffer
	le := func(v any) { _ = binary.Write(&b, binary.LittleEndian, v) }

	// DOS header: "MZ", e_lfanew at 0x3c points to the PE header at 0x40.
	dos := make([]byte, 0x40)
	copy(dos, "MZ")
	binary.LittleEndian.PutUint32(dos[0x3c:], 0x40)
	b.Write(dos)

	b.WriteString("PE\x00\x00")
	// COFF header: AMD64, one section, optional header of 240 bytes,
	// characteristics EXECUTABLE_IMAGE | LARGE_ADDRESS_AWARE | DLL.
	le(uint16(0x8664))
	le(uint16(1))
	le(uint32(0)) // time stamp
	le(uint32(0)) // symbol table
	le(uint32(0)) // symbols
	le(uint16(240))
	le(uint16(0x2022))

	// Optional header (PE32+).
	le(uint16(0x20b))
	le([2]uint8{14, 0})     // linker version
	le(uint32(0))           // size of code
	le(uint32(fileAlign))   // size of initialized data
	le(uint32(0))           // size of uninitialized data
	le(uint32(0))           // entry point: none
	le(uint32(sectionRVA))  // base of code
	le(uint64(0x180000000)) // image base
	le(uint32(sectionRVA))  // section alignment
	le(uint32(fileAlign))   // file alignment
	le([6]uint16{6, 0, 0, 0, 6, 0})
	le(uint32(0))         // Win32 version
	le(uint32(imageSize)) // size of image
	le(uint32(fileAlign)) // size of headers
	le(uint32(0))         // checksum
	le(uint16(3))         // subsystem: console
	le(uint16(0x100))     // DLL characteristics: NX_COMPAT
	le([4]uint64{0x100000, 0x1000, 0x100000, 0x1000})
	le(uint32(0))                                 // loader flags
	le(uint32(16))                                // data directories
	le([2]uint32{sectionRVA, uint32(len(edata))}) // export table
	for range 15 {
		le([2]uint32{})
	}

	// Section header.
	name := [8]byte{}
	copy(name[:], ".edata")
	b.Write(name[:])
	le(uint32(len(edata))) // virtual size
	le(uint32(sectionRVA))
	le(uint32(fileAlign))  // size of raw data
	le(uint32(fileAlign))  // pointer to raw data
	le([3]uint32{})        // relocations, line numbers, their counts
	le(uint32(0x40000040)) // INITIALIZED_DATA | MEM_READ

	out := make([]byte, 2*fileAlign)
	copy(out, b.Bytes())
	copy(out[fileAlign:], edata)
	return out
}

// exportSection is the export directory with its tables and strings. An
// export whose address lies inside the export directory is a forwarder:
// the address is that of the string "dll.function".
func exportSection() []byte {
	const (
		dirSize   = 40
		funcs     = sectionRVA + dirSize // address table: 1 entry
		names     = funcs + 4            // name pointer table: 1 entry
		ordinals  = names + 4            // ordinal table: 1 entry
		strings   = ordinals + 2
		dllName   = "bcryptprimitives.dll\x00"
		export    = "ProcessPrng\x00"
		forwarder = "advapi32.SystemFunction036\x00"
	)
	nameRVA := uint32(strings)
	exportRVA := nameRVA + uint32(len(dllName))
	forwardRVA := exportRVA + uint32(len(export))

	var b bytes.Buffer
	le := func(v any) { _ = binary.Write(&b, binary.LittleEndian, v) }
	le(uint32(0)) // characteristics
	le(uint32(0)) // time stamp
	le(uint32(0)) // version
	le(nameRVA)
	le(uint32(1)) // ordinal base
	le(uint32(1)) // functions
	le(uint32(1)) // names
	le(uint32(funcs))
	le(uint32(names))
	le(uint32(ordinals))
	le(forwardRVA)
	le(exportRVA)
	le(uint16(0))
	b.WriteString(dllName + export + forwarder)
	return b.Bytes()
}
