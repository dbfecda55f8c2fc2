package runner

import (
	"fmt"
	"os"
	"sync"
	"syscall"
	"time"
	"unsafe"

	"golang.org/x/sys/windows"
)

// On Windows a hook is a Job Object. The leader is created suspended in a
// new process group, put in a job of its own and only then resumed, so
// that every process it starts is in the job too (a process cannot leave
// a job whose limits do not allow breakaway, and these do not). The job
// has JOB_OBJECT_LIMIT_KILL_ON_JOB_CLOSE: if hookexec dies, however it
// dies, the system closes its handles and kills every running hook.

// killWait bounds the wait for a job to empty after TerminateJobObject: a
// process dies once its pending I/O is cancelled, which a loaded machine
// (or Wine) can take seconds to do.
const killWait = 10 * time.Second

// killExitCode is the exit code TerminateJobObject gives the processes it
// kills (the code Windows uses for a console program ended by Ctrl-C or
// Ctrl-Break).
const killExitCode = 0xC000013A

// jobControl is one hook on Windows.
type jobControl struct {
	leader windows.Handle // SYNCHRONIZE: whether the leader still runs
	pid    uint32         // the leader, also the id of its process group

	mu           sync.Mutex
	job          windows.Handle // 0 once finish closed it
	stopSent     bool           // CTRL_BREAK was delivered
	killedLeader bool           // TerminateJobObject ended the leader
}

// startHook starts the leader suspended in a new process group, assigns
// it to a new job and resumes it.
func startHook(path string, argv []string, attr *os.ProcAttr) (*os.Process, control, error) {
	job, err := newJob()
	if err != nil {
		return nil, nil, err
	}
	flags := uint32(windows.CREATE_SUSPENDED | windows.CREATE_NEW_PROCESS_GROUP)
	if !hasConsole() {
		// Without a console of hookexec's to share, every console hook
		// would open a window of its own.
		flags |= windows.CREATE_NO_WINDOW
	}
	attr.Sys = &syscall.SysProcAttr{CreationFlags: flags, CmdLine: commandLine(argv)}
	proc, err := os.StartProcess(path, argv, attr)
	if err != nil {
		_ = windows.CloseHandle(job)
		return nil, nil, err
	}
	c := &jobControl{job: job, pid: uint32(proc.Pid)}
	if err := c.enter(); err != nil {
		// Still suspended: it has run nothing.
		_ = proc.Kill()
		_, _ = proc.Wait()
		c.release()
		return nil, nil, fmt.Errorf("runner: %s: %w", path, err)
	}
	return proc, c, nil
}

// newJob creates a job that kills its processes when its last handle is
// closed.
func newJob() (windows.Handle, error) {
	job, err := windows.CreateJobObject(nil, nil)
	if err != nil {
		return 0, fmt.Errorf("runner: create job object: %w", err)
	}
	if err := setKillOnClose(job, true); err != nil {
		_ = windows.CloseHandle(job)
		return 0, err
	}
	return job, nil
}

// setKillOnClose sets or clears JOB_OBJECT_LIMIT_KILL_ON_JOB_CLOSE, the
// only limit these jobs have.
func setKillOnClose(job windows.Handle, on bool) error {
	var info windows.JOBOBJECT_EXTENDED_LIMIT_INFORMATION
	if on {
		info.BasicLimitInformation.LimitFlags = windows.JOB_OBJECT_LIMIT_KILL_ON_JOB_CLOSE
	}
	_, err := windows.SetInformationJobObject(job, windows.JobObjectExtendedLimitInformation,
		uintptr(unsafe.Pointer(&info)), uint32(unsafe.Sizeof(info)))
	if err != nil {
		return fmt.Errorf("runner: set job limits: %w", err)
	}
	return nil
}

// enter puts the suspended leader in the job and resumes it.
func (c *jobControl) enter() error {
	h, err := windows.OpenProcess(windows.PROCESS_SET_QUOTA|windows.PROCESS_TERMINATE|windows.SYNCHRONIZE, false, c.pid)
	if err != nil {
		return fmt.Errorf("open process: %w", err)
	}
	c.leader = h
	if err := windows.AssignProcessToJobObject(c.job, h); err != nil {
		return fmt.Errorf("assign to job object: %w", err)
	}
	return resumeProcess(c.pid)
}

// resumeProcess resumes the threads of a process created suspended (its
// one thread): os.StartProcess does not return the thread's handle, so
// the thread is found in a snapshot of the system's threads.
func resumeProcess(pid uint32) error {
	snap, err := windows.CreateToolhelp32Snapshot(windows.TH32CS_SNAPTHREAD, 0)
	if err != nil {
		return fmt.Errorf("resume: thread snapshot: %w", err)
	}
	defer func() { _ = windows.CloseHandle(snap) }()
	resumed := 0
	te := windows.ThreadEntry32{Size: uint32(unsafe.Sizeof(windows.ThreadEntry32{}))}
	for err = windows.Thread32First(snap, &te); err == nil; err = windows.Thread32Next(snap, &te) {
		if te.OwnerProcessID != pid {
			continue
		}
		th, err := windows.OpenThread(windows.THREAD_SUSPEND_RESUME, false, te.ThreadID)
		if err != nil {
			return fmt.Errorf("resume: open thread: %w", err)
		}
		_, err = windows.ResumeThread(th)
		_ = windows.CloseHandle(th)
		if err != nil {
			return fmt.Errorf("resume: %w", err)
		}
		resumed++
	}
	if resumed == 0 {
		return fmt.Errorf("resume: no thread of process %d found", pid)
	}
	return nil
}

// console is whether hookexec is attached to a console, asked once, at
// the first hook's start (not at start-up: a command that starts no hook
// does not ask).
var console struct {
	once     sync.Once
	attached bool
}

// hasConsole reports whether hookexec is attached to a console.
func hasConsole() bool {
	console.once.Do(func() {
		_, err := windows.GetConsoleCP()
		console.attached = err == nil
	})
	return console.attached
}

// stop sends CTRL_BREAK to the leader's process group. It reaches only
// processes that share hookexec's console; without one it fails, and the
// hook is killed without a grace period.
func (c *jobControl) stop() bool {
	err := windows.GenerateConsoleCtrlEvent(windows.CTRL_BREAK_EVENT, c.pid)
	c.mu.Lock()
	defer c.mu.Unlock()
	c.stopSent = err == nil
	return c.stopSent
}

// kill terminates the job whatever its count of processes says, and
// reports whether any is still running (they die asynchronously).
func (c *jobControl) kill() bool {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.terminateLocked()
	return c.activeLocked()
}

func (c *jobControl) alive() bool {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.activeLocked()
}

func (c *jobControl) killFast() {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.terminateLocked()
}

// terminateLocked ends every process of the job; c.mu is held.
func (c *jobControl) terminateLocked() {
	if c.job == 0 {
		return
	}
	leaderRuns := false
	if ev, err := windows.WaitForSingleObject(c.leader, 0); err == nil && ev == uint32(windows.WAIT_TIMEOUT) {
		c.killedLeader, leaderRuns = true, true
	}
	_ = windows.TerminateJobObject(c.job, killExitCode)
	if leaderRuns {
		// The leader is in the job; ending it by its own handle too costs
		// nothing and does not depend on the job.
		_ = windows.TerminateProcess(c.leader, killExitCode)
	}
}

// jobAccounting is JOBOBJECT_BASIC_ACCOUNTING_INFORMATION.
type jobAccounting struct {
	TotalUserTime, TotalKernelTime                     int64
	ThisPeriodTotalUserTime, ThisPeriodTotalKernelTime int64
	TotalPageFaultCount, TotalProcesses                uint32
	ActiveProcesses, TotalTerminatedProcesses          uint32
}

// activeLocked reports whether a process of the job is still running: the
// job's count of active processes, and the leader itself (which counts
// even where the job's count cannot be read); c.mu is held.
func (c *jobControl) activeLocked() bool {
	if c.job == 0 {
		return false
	}
	if ev, err := windows.WaitForSingleObject(c.leader, 0); err == nil && ev == uint32(windows.WAIT_TIMEOUT) {
		return true
	}
	var info jobAccounting
	err := windows.QueryInformationJobObject(c.job, windows.JobObjectBasicAccountingInformation,
		uintptr(unsafe.Pointer(&info)), uint32(unsafe.Sizeof(info)), nil)
	return err == nil && info.ActiveProcesses > 0
}

// finish closes the job. When the hook exited on its own, what it left
// running is deliberate, as on Unix: the kill-on-close limit is cleared
// first, so that closing the handle (now, or when hookexec exits) does
// not kill it. A terminated hook's job is empty; closing it kills any
// straggler.
func (c *jobControl) finish(left bool) {
	c.mu.Lock()
	defer c.mu.Unlock()
	if left && c.job != 0 {
		_ = setKillOnClose(c.job, false)
	}
	c.release()
}

// release closes the handles; c.mu is held or c is not shared yet.
func (c *jobControl) release() {
	if c.job != 0 {
		_ = windows.CloseHandle(c.job)
		c.job = 0
	}
	if c.leader != 0 {
		_ = windows.CloseHandle(c.leader)
		c.leader = 0
	}
}

// adoptOrphans: Windows has no adoption of orphans; the job holds every
// descendant anyway.
func adoptOrphans() {}

// leaderReaped: there is no reaper of orphans to wake.
func leaderReaped() {}
