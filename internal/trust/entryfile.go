package trust

import (
	"errors"
	"fmt"
	"maps"
	"slices"
	"strconv"
	"strings"
	"time"
)

// The store's entry file is lines of tab-separated fields, every string
// quoted (Go syntax), so that file names with tabs or newlines stay one
// field. It is read on every event of a trusted project, and this format
// decodes in a fraction of the time JSON takes:
//
//	hookexec-trust	1
//	root	"/home/me/project"
//	version	"sha256:…"	2026-11-22T21:00:00Z
//	dir	".hookexec"	size mtime ctime ino mode
//	pin	".hookexec/hooks.json"	"sha256:…"	[size mtime ctime ino mode]
//	command	"…"
//
// dir, pin and command lines belong to the version line above them.
const entryMagic = "hookexec-trust\t1"

func encodeEntry(e *Entry) []byte {
	var b strings.Builder
	b.WriteString(entryMagic + "\n")
	fmt.Fprintf(&b, "root\t%s\n", strconv.Quote(e.Root))
	for _, v := range e.Versions {
		fmt.Fprintf(&b, "version\t%s\t%s\n", strconv.Quote(v.Hash), v.TrustedAt.UTC().Format(time.RFC3339Nano))
		for _, d := range v.Dirs {
			fmt.Fprintf(&b, "dir\t%s%s\n", strconv.Quote(d), statFields(v.Stats, d))
		}
		for _, rel := range slices.Sorted(maps.Keys(v.Pins)) {
			fmt.Fprintf(&b, "pin\t%s\t%s%s\n", strconv.Quote(rel), strconv.Quote(v.Pins[rel]), statFields(v.Stats, rel))
		}
		for _, c := range v.Commands {
			fmt.Fprintf(&b, "command\t%s\n", strconv.Quote(c))
		}
	}
	return []byte(b.String())
}

func statFields(stats map[string]FileStat, rel string) string {
	st, ok := stats[rel]
	if !ok {
		return ""
	}
	return fmt.Sprintf("\t%d\t%d\t%d\t%d\t%d", st.Size, st.Mtime, st.Ctime, st.Ino, st.Mode)
}

var errEntry = errors.New("not a trust store entry")

func decodeEntry(data []byte) (*Entry, error) {
	text := string(data)
	first, rest, _ := strings.Cut(text, "\n")
	if first != entryMagic {
		return nil, errEntry
	}
	e := &Entry{}
	var v *Version
	for n := 2; rest != ""; n++ {
		var line string
		line, rest, _ = strings.Cut(rest, "\n")
		if line == "" {
			continue
		}
		f := strings.Split(line, "\t")
		bad := func(what string) error { return fmt.Errorf("line %d: %s", n, what) }
		switch {
		case f[0] == "root" && len(f) == 2:
			root, err := strconv.Unquote(f[1])
			if err != nil {
				return nil, bad("bad root")
			}
			e.Root = root
		case f[0] == "version" && len(f) == 3:
			hash, err := strconv.Unquote(f[1])
			at, terr := time.Parse(time.RFC3339Nano, f[2])
			if err != nil || terr != nil {
				return nil, bad("bad version")
			}
			e.Versions = append(e.Versions, Version{Hash: hash, TrustedAt: at, Pins: map[string]string{}, Stats: map[string]FileStat{}})
			v = &e.Versions[len(e.Versions)-1]
		case v == nil:
			return nil, bad("a " + f[0] + " line before any version")
		case f[0] == "dir" && (len(f) == 2 || len(f) == 7):
			rel, err := strconv.Unquote(f[1])
			if err != nil || v.addStat(rel, f[2:]) != nil {
				return nil, bad("bad dir")
			}
			v.Dirs = append(v.Dirs, rel)
		case f[0] == "pin" && (len(f) == 3 || len(f) == 8):
			rel, err := strconv.Unquote(f[1])
			pin, perr := strconv.Unquote(f[2])
			if err != nil || perr != nil || v.addStat(rel, f[3:]) != nil {
				return nil, bad("bad pin")
			}
			v.Pins[rel] = pin
		case f[0] == "command" && len(f) == 2:
			c, err := strconv.Unquote(f[1])
			if err != nil {
				return nil, bad("bad command")
			}
			v.Commands = append(v.Commands, c)
		default:
			return nil, bad("unknown line")
		}
	}
	return e, nil
}

// addStat reads the five status fields of a dir or pin line, if present.
func (v *Version) addStat(rel string, f []string) error {
	if len(f) == 0 {
		return nil
	}
	var n [5]int64
	for i, s := range f {
		x, err := strconv.ParseInt(s, 10, 64)
		if err != nil {
			return err
		}
		n[i] = x
	}
	v.Stats[rel] = FileStat{Size: n[0], Mtime: n[1], Ctime: n[2], Ino: uint64(n[3]), Mode: uint32(n[4])}
	return nil
}
