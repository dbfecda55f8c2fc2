package runner

import (
	"encoding/binary"
	"testing"
	"unsafe"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// kinfoRecords builds what sysctl kern.proc would return on a system with
// layout l: one record per process, the other bytes filled with 0xAA so a
// wrong offset cannot read a lucky zero.
func kinfoRecords(l kinfoLayout, procs ...procInfo) []byte {
	buf := make([]byte, 0, len(procs)*l.size)
	for _, p := range procs {
		rec := make([]byte, l.size)
		for i := range rec {
			rec[i] = 0xAA
		}
		order := binary.NativeEndian
		if l.sizeField {
			order.PutUint32(rec, uint32(l.size))
		}
		order.PutUint32(rec[l.pid:], uint32(int32(p.pid)))
		order.PutUint32(rec[l.ppid:], uint32(int32(p.ppid)))
		order.PutUint32(rec[l.pgid:], uint32(int32(p.pgid)))
		rec[l.stat] = 2 // SRUN
		if p.zombie {
			rec[l.stat] = l.zombie
		}
		buf = append(buf, rec...)
	}
	return buf
}

func TestDecodeKinfo(t *testing.T) {
	t.Parallel()
	procs := []procInfo{
		{pid: 1, ppid: 0, pgid: 1},
		{pid: 4242, ppid: 1, pgid: 4242},
		{pid: 4243, ppid: 4242, pgid: 4242, zombie: true},
		{pid: 99999, ppid: 4243, pgid: 99990},
	}
	l := freebsdKinfo64
	got, err := decodeKinfo(kinfoRecords(l, procs...), l)
	require.NoError(t, err)
	assert.Equal(t, procs, got)

	got, err = decodeKinfo(nil, l)
	require.NoError(t, err)
	assert.Empty(t, got)

	_, err = decodeKinfo(kinfoRecords(l, procs...)[:l.size+1], l)
	assert.ErrorContains(t, err, "not a multiple")
}

func TestDecodeKinfoRejectsOtherStructSize(t *testing.T) {
	t.Parallel()
	// A 32-bit FreeBSD (kinfo_proc of 768 bytes) or a new layout: the
	// record's ki_structsize says so, and nothing is guessed.
	buf := kinfoRecords(freebsdKinfo64, procInfo{pid: 7, ppid: 1, pgid: 7})
	binary.NativeEndian.PutUint32(buf, 768)
	_, err := decodeKinfo(buf, freebsdKinfo64)
	assert.ErrorContains(t, err, "kinfo_proc of 768 bytes, expected 1088")
}

// freebsdKinfoProc64 is the head of struct kinfo_proc in FreeBSD's
// <sys/user.h> on a 64-bit system, up to ki_stat, written out field by field
// so Go's alignment (the C ABI's on amd64 and arm64) gives the offsets
// freebsdKinfo64 claims. Only the offsets are read: the other fields are
// there for their size and alignment.
//
//nolint:unused // a layout: the fields before ki_stat are never read
type freebsdKinfoProc64 struct {
	structsize, layout int32
	args, paddr, addr  uintptr
	tracep, textvp, fd uintptr
	vmspace, wchan     uintptr
	pid, ppid, pgid    int32
	tpgid, sid, tsid   int32
	jobc, spareShort1  int16
	tdevFreebsd11      uint32
	siglist, sigmask   [16]byte
	sigignore, sigcat  [16]byte
	uid, ruid, svuid   uint32
	rgid, svgid        uint32
	ngroups, spare2    int16
	groups             [16]uint32
	size               uint64
	rssize, swrss      int64
	tsize, dsize       int64
	ssize              int64
	xstat, acflag      uint16
	pctcpu, estcpu     uint32
	slptime, swtime    uint32
	cow                uint32
	runtime            uint64
	start, childtime   [2]int64 // struct timeval
	flag, kiflag       int64
	traceflag          int32
	stat               byte
}

func TestFreeBSDKinfoLayout(t *testing.T) {
	t.Parallel()
	if unsafe.Sizeof(uintptr(0)) != 8 {
		t.Skip("the layout is that of a 64-bit system")
	}
	var k freebsdKinfoProc64
	assert.Equal(t, freebsdKinfo64.pid, int(unsafe.Offsetof(k.pid)))
	assert.Equal(t, freebsdKinfo64.ppid, int(unsafe.Offsetof(k.ppid)))
	assert.Equal(t, freebsdKinfo64.pgid, int(unsafe.Offsetof(k.pgid)))
	assert.Equal(t, freebsdKinfo64.stat, int(unsafe.Offsetof(k.stat)))
}
