package runner

import (
	"encoding/binary"
	"fmt"
)

// The process table of FreeBSD comes from sysctl kern.proc as an array of
// C struct kinfo_proc records, which x/sys/unix does not describe for
// FreeBSD (on macOS it does: proc_darwin.go uses unix.KinfoProc). Decoding
// it is plain Go over bytes and lives here, without a build tag, so the
// Linux test suite runs it on synthetic records; only the sysctl call
// itself is per OS (proc_freebsd.go).

// kinfoLayout says where, in one kinfo_proc record, the fields the runner
// needs are. All are 32-bit except stat, one byte.
type kinfoLayout struct {
	size       int  // bytes per record
	sizeField  bool // the record starts with its own size as int32 (FreeBSD's ki_structsize)
	pid, ppid  int  // offsets
	pgid, stat int
	zombie     byte // the stat value of an exited, unreaped process (SZOMB)
}

// freebsdKinfo64 is struct kinfo_proc of FreeBSD's <sys/user.h> on 64-bit
// systems (KINFO_PROC_SIZE 1088): ki_pid, ki_ppid, ki_pgid, ki_stat. On
// other sizes (32-bit systems, a future layout) ki_structsize differs and
// decoding fails, which leaves the tree walk (signalTree) to kill(2).
var freebsdKinfo64 = kinfoLayout{size: 1088, sizeField: true, pid: 72, ppid: 76, pgid: 80, stat: 388, zombie: 5}

// decodeKinfo turns the bytes sysctl returned into processes. Integers are
// in the host's byte order, as the kernel wrote them.
func decodeKinfo(buf []byte, l kinfoLayout) ([]procInfo, error) {
	if len(buf)%l.size != 0 {
		return nil, fmt.Errorf("runner: kern.proc returned %d bytes, not a multiple of kinfo_proc's %d", len(buf), l.size)
	}
	order := binary.NativeEndian
	procs := make([]procInfo, 0, len(buf)/l.size)
	for off := 0; off < len(buf); off += l.size {
		rec := buf[off : off+l.size]
		if l.sizeField {
			if n := int32(order.Uint32(rec)); int(n) != l.size {
				return nil, fmt.Errorf("runner: kinfo_proc of %d bytes, expected %d", n, l.size)
			}
		}
		procs = append(procs, procInfo{
			pid:    int(int32(order.Uint32(rec[l.pid:]))),
			ppid:   int(int32(order.Uint32(rec[l.ppid:]))),
			pgid:   int(int32(order.Uint32(rec[l.pgid:]))),
			zombie: rec[l.stat] == l.zombie,
		})
	}
	return procs, nil
}
