package runner

// kinfoSysctl lists every process (not every thread), one kinfo_proc each.
const kinfoSysctl = "kern.proc.proc"

var hostKinfo = freebsdKinfo64
