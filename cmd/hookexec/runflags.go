package main

import (
	"time"

	"github.com/spf13/pflag"

	"github.com/hookexec/hookexec/internal/engine"
	"github.com/hookexec/hookexec/internal/runner"
	"github.com/hookexec/hookexec/internal/verdict"
)

// runFlags are the flags of running an event that fire and serve share
// (all but the config flags, --input and --trace). Each value is checked
// as it is parsed (flagvalues.go).
type runFlags struct {
	format                          *value[verdict.Format]
	timeout, killGrace              *value[time.Duration]
	maxParallel                     *value[int]
	maxOutput, maxTotal, maxMessage *value[int64]
	sequential, failClosed          bool
	untrusted                       *value[string]
}

func (f *runFlags) register(fl *pflag.FlagSet) {
	f.format, f.untrusted = flagFormat(), flagUntrusted()
	f.timeout, f.killGrace = flagDuration(timeoutFlag), flagDuration(killGraceFlag)
	f.maxParallel = flagCount("--max-parallel", "0 or more", 0, 0)
	f.maxOutput, f.maxTotal = flagSize("--max-output", "1MiB"), flagSize("--max-total-output", "16MiB")
	f.maxMessage = flagMessageSize("64KiB")
	fl.Var(f.format, "format", "output format: result, claude (a Claude Code hook's output) or gemini (a Gemini CLI / LLxprt hook's output)")
	fl.Var(f.timeout, "timeout", "timeout for hooks that set none (Go duration; a bare number is milliseconds; default: the dialect's)")
	fl.Var(f.killGrace, "kill-grace", "time between SIGTERM and SIGKILL of a timed-out hook's process group (default 5s; 1s with --format claude|gemini, where the agent waits)")
	fl.Var(f.maxParallel, "max-parallel", "run at most N hooks at once (0: no limit)")
	fl.Var(f.maxOutput, "max-output", "bytes of stdout and of stderr kept per hook (suffixes K, KiB, M, MiB)")
	fl.Var(f.maxTotal, "max-total-output", "bytes of stdout and stderr kept of all hooks of the event together (suffixes as --max-output)")
	fl.Var(f.maxMessage, "max-message", "bytes of each message of --format claude|gemini and of the block reason on stderr; longer ones are cut and say so (at least 256)")
	fl.BoolVar(&f.sequential, "sequential", false, "run all hooks one after another in plan order")
	fl.BoolVar(&f.failClosed, "fail-closed", false, "treat hook failures, timeouts and config or input errors as a deny")
	fl.Var(f.untrusted, "untrusted", "project hook files not trusted or changed since: deny (deny every event that can block until 'hookexec trust') or skip (warn and run the other hooks); default: the user's settings.untrusted, else deny")
}

// runSettings are what the run flags come to once all are parsed.
type runSettings struct {
	timeout, killGrace time.Duration
	format             outputFormat
	maxOutput          int64
	maxTotal           int64
	// warnings are about the flags (a bare --timeout under 100 ms): they
	// go into the verdict's warnings and the log, never on stderr, which
	// carries only the block reason or the error (SPEC §6).
	warnings []string
}

func (f *runFlags) settings() runSettings {
	s := runSettings{
		timeout:   f.timeout.v,
		format:    outputFormat{Format: f.format.v, maxMessage: int(f.maxMessage.v)},
		maxOutput: f.maxOutput.v,
		maxTotal:  f.maxTotal.v,
		killGrace: engine.KillGrace(f.format.v, f.killGrace.v, f.killGrace.raw != ""),
	}
	for _, w := range []string{timeoutFlag.ShortBareWarning(f.timeout.raw, f.timeout.v), killGraceFlag.ShortBareWarning(f.killGrace.raw, f.killGrace.v)} {
		if w != "" {
			s.warnings = append(s.warnings, w)
		}
	}
	return s
}

// runnerOptions are the runner's options of these settings.
func (s runSettings) runnerOptions(maxParallel int) runner.Options {
	return runner.Options{MaxOutput: s.maxOutput, MaxTotalOutput: s.maxTotal, KillGrace: s.killGrace, MaxParallel: maxParallel}
}
