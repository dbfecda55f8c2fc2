package runner

import "golang.org/x/sys/unix"

// szomb is p_stat of an exited, unreaped process (SZOMB in <sys/proc.h>).
const szomb = 5

// listProcs reads the process table from sysctl kern.proc.all (no /proc on
// macOS), one unix.KinfoProc per process. ok is false when it cannot be
// read; the tree walk (signalTree) then finds the group only and trusts
// kill(2).
func listProcs() ([]procInfo, bool) {
	kps, err := unix.SysctlKinfoProcSlice("kern.proc.all")
	if err != nil {
		return nil, false
	}
	return procsOf(kps), true
}

// procsOf keeps what the runner needs of each record: kp_proc.p_pid,
// kp_proc.p_stat, kp_eproc.e_ppid, kp_eproc.e_pgid.
func procsOf(kps []unix.KinfoProc) []procInfo {
	procs := make([]procInfo, 0, len(kps))
	for i := range kps {
		kp := &kps[i]
		procs = append(procs, procInfo{
			pid:    int(kp.Proc.P_pid),
			ppid:   int(kp.Eproc.Ppid),
			pgid:   int(kp.Eproc.Pgid),
			zombie: kp.Proc.P_stat == szomb,
		})
	}
	return procs
}
