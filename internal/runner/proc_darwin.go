package runner

import (
	"unsafe"

	"golang.org/x/sys/unix"
)

// kinfoSysctl lists every process, one kinfo_proc each.
const kinfoSysctl = "kern.proc.all"

var hostKinfo = darwinKinfo

// darwinKinfo's offsets are those of x/sys/unix's KinfoProc, or this file
// does not compile (a constant index out of range).
func _() {
	var kp unix.KinfoProc
	_ = [1]struct{}{}[unsafe.Sizeof(kp)-648]
	_ = [1]struct{}{}[unsafe.Offsetof(kp.Proc)+unsafe.Offsetof(kp.Proc.P_pid)-40]
	_ = [1]struct{}{}[unsafe.Offsetof(kp.Proc)+unsafe.Offsetof(kp.Proc.P_stat)-36]
	_ = [1]struct{}{}[unsafe.Offsetof(kp.Eproc)+unsafe.Offsetof(kp.Eproc.Ppid)-560]
	_ = [1]struct{}{}[unsafe.Offsetof(kp.Eproc)+unsafe.Offsetof(kp.Eproc.Pgid)-564]
}
