package main

import (
	"encoding/json"
	"fmt"
	"path/filepath"
	"strconv"
	"strings"
	"time"
)

// scenario is one row of the table: hookexec against a baseline, and the
// target it must meet.
type scenario struct {
	id, title string
	subject   command
	baseline  *command // nil: no baseline (RSS-only rows)
	baseLabel string
	warmup    int
	runs      int
	rssRuns   int // runs of each side under the peak-RSS wrapper
	// Targets; zero values mean "no such target".
	maxRatio  float64 // median(hookexec) / median(baseline) <= maxRatio
	faster    bool    // median(hookexec) < median(baseline)
	maxRSSMiB int64   // peak RSS of hookexec, worst run
	target    string  // the target as the table prints it
	check     func([]byte) error
	skip      string // non-empty: not run, this is why
	// added: the row is a latency one side adds to the other (agent rows),
	// printed as the difference of the medians.
	added bool
}

// rowResult is a measured scenario.
type rowResult struct {
	sc    scenario
	a, b  series
	err   error
	met   bool
	notes []string
}

func scenarios(bins binaries, fx fixtures, o options) []scenario {
	fire := func(config, stdin string) command {
		return command{argv: []string{bins.hookexec, "fire", "BeforeTool", "--config", config}, stdin: stdin}
	}
	spawn := func(cmds []string, stdin string) *command {
		return &command{argv: append([]string{bins.spawner}, cmds...), stdin: stdin}
	}

	oneTrue := fx.parallelConfig("one-true.json", []string{"true"})
	sleeps := commands("sleep 0.2", 100)
	sleep100 := fx.parallelConfig("sleep-100.json", sleeps)
	dispatchCfg, dispatchMatching := fx.dispatcherConfig()
	bigCfg, bigCmds := fx.bigEventConfig()
	outCmd := "yes | head -c " + strconv.Itoa(outputSize)
	out1G := fx.parallelConfig("output-1gib.json", []string{outCmd})
	nulCmd := "head -c " + strconv.Itoa(outputSize) + " /dev/zero"
	nul1G := fx.parallelConfig("output-1gib-nul.json", []string{nulCmd})
	floodCmds := commands("yes | head -c "+strconv.Itoa(floodSize), floodHooks)
	flood := fx.parallelConfig("flood-100.json", floodCmds)
	truncated := verdictCheck(1, func(h hookResult) error {
		if !h.StdoutTruncated {
			return fmt.Errorf("stdout not truncated")
		}
		return nil
	})

	dispatcher := scenario{
		id: "dispatcher", title: "10-hook config (8 match), bash+jq dispatcher",
		subject:   fire(dispatchCfg, fx.smallEvent),
		baseLabel: "dispatch.sh (jq, hooks in turn)",
		warmup:    3, runs: o.scaled(20), rssRuns: 3, faster: true, target: "hookexec faster",
		check: verdictCheck(dispatchMatching, nil),
		skip:  bins.noDispatch,
	}
	if bins.dispatch != "" {
		dispatcher.baseline = &command{argv: []string{"bash", bins.dispatch, dispatchCfg, "BeforeTool"}, stdin: fx.smallEvent}
	}

	// The agent rows: the agent (the spawner, which starts each hook
	// command as `bash -c CMD` with the event on stdin, all in parallel,
	// as Claude Code and Gemini CLI do) runs hookexec as its one hook
	// command, against running the policies itself.
	tenTrue := commands("true", 10)
	viaHookexec := func(config string) []string {
		return []string{shellQuote(bins.hookexec) + " fire PreToolUse --format claude --config " + shellQuote(config)}
	}

	trustedDir, trustedEnv := fx.trustedProject()
	printJSON := &command{argv: []string{bins.printjson}, stdin: fx.smallEvent}
	rulesCfg, starterCfg := fx.rulesConfig(), fx.starterConfig()
	hugeEvent, hugeCfg, hugeSize := fx.hugeEvent()
	// The memory target of one fire: 3× the event's size + 32 MiB.
	rssFor := func(size int64) int64 { return (3*size)>>20 + 32 }
	// The rules rows run with nothing on PATH: a rules hook starts no
	// process, so it needs no shell (a shell it tried to start would fail
	// the row's check).
	noPath := []string{"PATH=" + filepath.Join(fx.dir, "empty-path")}
	rulesFire := command{argv: fire(rulesCfg, fx.smallEvent).argv, stdin: fx.smallEvent, env: noPath}
	rows := []scenario{
		{
			// Start-up alone: the runtime, every linked
			// package's initializer, the command line; nothing loaded.
			id: "version", title: "`hookexec version` (start-up alone)",
			subject:  command{argv: []string{bins.hookexec, "version"}, stdin: fx.smallEvent},
			baseline: printJSON, baseLabel: "Go binary printing {}",
			warmup: 3, runs: o.scaled(60), rssRuns: 3, maxRatio: 1.3, target: "≤ 1.3×",
		},
		{
			// The floor under the row above: what the packages hookexec
			// links cost at start (their initializers, the larger
			// runtime tables) in a program that does nothing else.
			id: "linked", title: "Go binary printing {} that links every package hookexec links",
			subject:  command{argv: []string{bins.linked}, stdin: fx.smallEvent},
			baseline: printJSON, baseLabel: "Go binary printing {}",
			warmup: 3, runs: o.scaled(60), rssRuns: 3, target: "(measured)",
		},
		{
			id: "one-true", title: "fire with one `true` hook",
			subject: fire(oneTrue, fx.smallEvent), baseline: spawn([]string{"true"}, fx.smallEvent),
			baseLabel: "spawner, one `true`",
			warmup:    3, runs: o.scaled(60), rssRuns: 3, maxRatio: 1.3, target: "≤ 1.3×",
			check: verdictCheck(1, nil),
		},
		{
			// The decision log (docs/audit.md): every fire
			// appends a record to it; against the same fire with
			// HOOKEXEC_AUDIT=off.
			id: "audit", title: "fire with one `true` hook, writing the decision log",
			subject:   fire(oneTrue, fx.smallEvent),
			baseline:  &command{argv: fire(oneTrue, fx.smallEvent).argv, stdin: fx.smallEvent, env: []string{"HOOKEXEC_AUDIT=off"}},
			baseLabel: "same fire, HOOKEXEC_AUDIT=off",
			// About 0.15 ms of a 6 ms fire (docs/audit.md): below what a
			// shared machine's medians can tell, so measured, no target.
			warmup: 3, runs: o.scaled(60), rssRuns: 3, target: "(measured)",
			check: verdictCheck(1, nil),
		},
		{
			id: "no-match", title: "fire, no matching hook (50 hooks for other tools)",
			subject:  fire(fx.noMatchConfig(), fx.smallEvent),
			baseline: printJSON, baseLabel: "Go binary printing {}",
			warmup: 3, runs: o.scaled(60), rssRuns: 3, maxRatio: 1.5, target: "≤ 1.5×",
			check: verdictCheck(0, nil),
		},
		{
			// The guard init writes: a rules hook evaluated in hookexec's
			// process, on an everyday Bash call, against a fire that
			// matches nothing.
			id: "rules-only", title: "fire, one rules hook (`hookexec:default`) on an everyday Bash call, nothing on PATH",
			subject:   rulesFire,
			baseline:  &command{argv: fire(fx.noMatchConfig(), fx.smallEvent).argv, stdin: fx.smallEvent, env: noPath},
			baseLabel: "fire, no matching hook",
			warmup:    3, runs: o.scaled(60), rssRuns: 3, maxRatio: 1.2, target: "≤ 1.2×",
			check: verdictCheck(1, nil),
		},
		{
			// The same guard against the starter script init wrote before
			// it (sed and grep, a dozen processes per call).
			id: "rules-vs-starter", title: "fire, the rules guard against the starter script, on the same Bash call",
			subject:   rulesFire,
			baseline:  &command{argv: fire(starterCfg, fx.smallEvent).argv, stdin: fx.smallEvent},
			baseLabel: "fire with the starter script (`sh block-dangerous-shell.sh`)",
			warmup:    3, runs: o.scaled(40), rssRuns: 3, maxRatio: 0.3, target: "≤ 0.3×",
			check: verdictCheck(1, nil),
		},
		{
			id: "agent-1", title: "agent level: the agent's hook command is hookexec running one `true` policy",
			subject:   *spawn(viaHookexec(oneTrue), fx.smallEvent),
			baseline:  spawn([]string{"true"}, fx.smallEvent),
			baseLabel: "the agent running `bash -c true` itself",
			warmup:    3, runs: o.scaled(30), rssRuns: 2, added: true, target: "(measured)",
		},
		{
			id: "agent-10", title: "agent level: hookexec running 10 `true` policies",
			subject:   *spawn(viaHookexec(fx.parallelConfig("ten-true.json", tenTrue)), fx.smallEvent),
			baseline:  spawn(tenTrue, fx.smallEvent),
			baseLabel: "the agent running the 10 policies itself, in parallel",
			warmup:    3, runs: o.scaled(30), rssRuns: 2, added: true, target: "(measured)",
		},
		{
			// SPEC §2.4: what trust costs a trusted project's event (scan
			// .hookexec/, read the store entry, hash a named script),
			// against the same config given with --config, which skips
			// all of it.
			id: "trusted-project", title: "fire, a trusted project (discovery + trust check), one `true` hook",
			subject: command{argv: []string{bins.hookexec, "fire", "BeforeTool"}, stdin: fx.smallEvent, env: trustedEnv},
			baseline: &command{argv: []string{bins.hookexec, "fire", "BeforeTool", "--config", filepath.Join(trustedDir, ".hookexec", "hooks.json")},
				stdin: fx.smallEvent, env: trustedEnv},
			baseLabel: "same hookexec, same file with --config (no trust check)",
			warmup:    3, runs: o.scaled(30), rssRuns: 3, maxRatio: 1.05, target: "≤ 1.05×",
			check: verdictCheck(1, nil),
		},
		{
			id: "sleep-100", title: "100 hooks `sleep 0.2` in parallel",
			subject: fire(sleep100, fx.smallEvent), baseline: spawn(sleeps, fx.smallEvent),
			baseLabel: "spawner, same 100 commands",
			warmup:    2, runs: o.scaled(10), rssRuns: 3, maxRatio: 1.15, target: "≤ 1.15×",
			check: verdictCheck(100, nil),
		},
		dispatcher,
		{
			id: "event-10mib", title: "20 hooks (2 event keys) given a 10 MiB event",
			subject: fire(bigCfg, fx.bigEvent), baseline: spawn(bigCmds, fx.bigEvent),
			baseLabel: "spawner, same 20 commands",
			warmup:    2, runs: o.scaled(10), rssRuns: 3, maxRSSMiB: rssFor(fx.bigEventSize), target: fmt.Sprintf("RSS ≤ %d MiB (3× the event + 32 MiB)", rssFor(fx.bigEventSize)),
			check: verdictCheck(20, func(h hookResult) error {
				n, err := strconv.ParseInt(strings.TrimSpace(h.Stdout), 10, 64)
				if err != nil || n < eventSize {
					return fmt.Errorf("hook %s read %q bytes, want more than %d", h.Name, h.Stdout, eventSize)
				}
				return nil
			}),
		},
		{
			id: "event-60mb", title: "one hook given a 60 MB event",
			subject: fire(hugeCfg, hugeEvent), baseline: spawn([]string{"wc -c"}, hugeEvent),
			baseLabel: "spawner, same command",
			warmup:    1, runs: o.scaled(5), rssRuns: 3, maxRSSMiB: rssFor(hugeSize), target: fmt.Sprintf("RSS ≤ %d MiB (3× the event + 32 MiB)", rssFor(hugeSize)),
			check: verdictCheck(1, func(h hookResult) error {
				n, err := strconv.ParseInt(strings.TrimSpace(h.Stdout), 10, 64)
				if err != nil || n < hugeEventSize {
					return fmt.Errorf("hook %s read %q bytes, want more than %d", h.Name, h.Stdout, hugeEventSize)
				}
				return nil
			}),
		},
		{
			id: "output-1gib", title: "one hook printing 1 GiB of text (`yes`)",
			subject: fire(out1G, fx.smallEvent), baseline: spawn([]string{outCmd}, fx.smallEvent),
			baseLabel: "spawner, same command, output drained",
			warmup:    1, runs: o.scaled(7), rssRuns: 3, maxRSSMiB: 48, maxRatio: 1.15, target: "RSS ≤ 48 MiB, wall ≈ hook (≤ 1.15×)",
			check: truncated,
		},
		{
			// The same with NUL bytes, which JSON escapes as \u0000: the
			// worst case for the size of the verdict.
			id: "output-1gib-nul", title: "one hook printing 1 GiB of NUL bytes",
			subject: fire(nul1G, fx.smallEvent), baseline: spawn([]string{nulCmd}, fx.smallEvent),
			baseLabel: "spawner, same command, output drained",
			warmup:    1, runs: o.scaled(7), rssRuns: 3, maxRSSMiB: 48, maxRatio: 1.15, target: "RSS ≤ 48 MiB, wall ≈ hook (≤ 1.15×)",
			check: truncated,
		},
		{
			// A repository's hooks flooding the event: what hookexec keeps
			// follows --max-total-output and what the agent gets
			// --max-message, not hooks × --max-output.
			id: "flood-100", title: "100 hooks printing 2 MiB each, `--format claude`",
			subject:  command{argv: []string{bins.hookexec, "fire", "BeforeTool", "--format", "claude", "--config", flood}, stdin: fx.smallEvent},
			baseline: spawn(floodCmds, fx.smallEvent), baseLabel: "spawner, same 100 commands, output drained",
			warmup: 1, runs: o.scaled(3), rssRuns: 2, maxRSSMiB: 96, target: "RSS ≤ 96 MiB",
			check: messageCheck,
		},
	}
	if o.against != "" {
		for i := range rows {
			if rows[i].added || rows[i].subject.argv[0] != bins.hookexec {
				// The agent rows compare with the agent alone, and the
				// linked row is no hookexec.
				continue
			}
			base := rows[i].subject
			base.argv = append([]string{o.against}, base.argv[1:]...)
			rows[i].baseline, rows[i].baseLabel = &base, "hookexec "+o.against
			rows[i].skip = ""
			rows[i].maxRatio, rows[i].faster = 0, false
			if rows[i].maxRSSMiB == 0 {
				rows[i].target = "(before/after)"
			}
		}
	}
	return rows
}

// floodHooks hooks print floodSize bytes each in the flood-100 row.
const (
	floodHooks = 100
	floodSize  = 2 << 20
)

// messageCheck checks a --format claude output whose systemMessage was cut
// to the default --max-message.
func messageCheck(out []byte) error {
	var o struct {
		SystemMessage string `json:"systemMessage"`
	}
	if err := json.Unmarshal(out, &o); err != nil {
		return fmt.Errorf("output is not JSON: %w", err)
	}
	if len(o.SystemMessage) > 64<<10 || !strings.Contains(o.SystemMessage, "[hookexec: cut ") {
		return fmt.Errorf("systemMessage of %d bytes, not cut to 64 KiB", len(o.SystemMessage))
	}
	return nil
}

// hookResult is what the checks read of the verdict's hooks.
type hookResult struct {
	Name            string `json:"name"`
	Outcome         string `json:"outcome"`
	Stdout          string `json:"stdout"`
	StdoutTruncated bool   `json:"stdoutTruncated"`
}

// verdictCheck checks that the verdict lists n hooks, all successful, and
// applies each (if set) to every hook.
func verdictCheck(n int, each func(hookResult) error) func([]byte) error {
	return func(out []byte) error {
		var v struct {
			Hooks []hookResult `json:"hooks"`
		}
		if err := json.Unmarshal(out, &v); err != nil {
			return fmt.Errorf("verdict is not JSON: %w", err)
		}
		if len(v.Hooks) != n {
			return fmt.Errorf("verdict lists %d hooks, want %d", len(v.Hooks), n)
		}
		for _, h := range v.Hooks {
			if h.Outcome != "success" {
				return fmt.Errorf("hook %s: outcome %s", h.Name, h.Outcome)
			}
			if each != nil {
				if err := each(h); err != nil {
					return err
				}
			}
		}
		return nil
	}
}

func measureScenario(sc scenario) rowResult {
	r := rowResult{sc: sc}
	if sc.skip != "" {
		fmt.Printf("%-12s skipped: %s\n", sc.id, sc.skip)
		return r
	}
	fmt.Printf("%-12s %d warm-up + %d alternating runs + %d for RSS ... ", sc.id, sc.warmup, sc.runs, sc.rssRuns)
	r.a, r.b, r.err = alternate(sc.subject.dirOf(), &sc.subject, sc.baseline, sc.warmup, sc.runs, sc.rssRuns, sc.check)
	if r.err != nil {
		fmt.Printf("error: %v\n", r.err)
		return r
	}
	r.met = true
	ma := r.a.medianWall()
	line := "hookexec " + ms(ma) + " (" + mib(r.a.medianRSS()) + ")"
	if sc.baseline != nil {
		mb := r.b.medianWall()
		ratio := float64(ma) / float64(mb)
		line += ", baseline " + ms(mb) + " (" + mib(r.b.medianRSS()) + ")" + fmt.Sprintf(", ratio %.2f×", ratio)
		if sc.maxRatio > 0 && ratio > sc.maxRatio {
			r.met = false
			r.notes = append(r.notes, fmt.Sprintf("ratio %.2f× > %.2f×", ratio, sc.maxRatio))
		}
		if sc.faster && ma >= mb {
			r.met = false
			r.notes = append(r.notes, "not faster")
		}
	}
	if sc.maxRSSMiB > 0 && r.a.maxRSS() > sc.maxRSSMiB<<20 {
		r.met = false
		r.notes = append(r.notes, fmt.Sprintf("peak RSS %s > %d MiB", mib(r.a.maxRSS()), sc.maxRSSMiB))
	}
	fmt.Println(line)
	return r
}

// dirOf is the working directory of a run: the fixtures directory, which
// holds the stdin file.
func (c command) dirOf() string {
	return filepath.Dir(c.stdin)
}

func renderTable(rows []rowResult) string {
	var b strings.Builder
	b.WriteString("| scenario | hookexec (median) | baseline | baseline (median) | ratio | hookexec peak RSS (median / max) | baseline peak RSS | target | met |\n")
	b.WriteString("|---|---|---|---|---|---|---|---|---|\n")
	for _, r := range rows {
		sc := r.sc
		switch {
		case sc.skip != "":
			fmt.Fprintf(&b, "| %s | — | %s | — | — | — | — | %s | skipped: %s |\n", sc.title, sc.baseLabel, sc.target, sc.skip)
			continue
		case r.err != nil:
			fmt.Fprintf(&b, "| %s | — | %s | — | — | — | — | %s | error: %v |\n", sc.title, sc.baseLabel, sc.target, r.err)
			continue
		}
		q1, q3 := r.a.quartiles()
		hx := fmt.Sprintf("%s (IQR %s–%s)", ms(r.a.medianWall()), ms(q1), ms(q3))
		base, ratio, baseRSS := "—", "—", "—"
		if sc.baseline != nil {
			b1, b3 := r.b.quartiles()
			base = fmt.Sprintf("%s (IQR %s–%s)", ms(r.b.medianWall()), ms(b1), ms(b3))
			ratio = fmt.Sprintf("%.2f×", float64(r.a.medianWall())/float64(r.b.medianWall()))
			baseRSS = mib(r.b.medianRSS())
		}
		met := "yes"
		if sc.added && sc.baseline != nil {
			met = "adds " + ms(r.a.medianWall()-r.b.medianWall()) + " per event"
		}
		if !r.met {
			met = "**no**: " + strings.Join(r.notes, "; ")
		}
		fmt.Fprintf(&b, "| %s | %s | %s | %s | %s | %s / %s | %s | %s | %s |\n",
			sc.title, hx, sc.baseLabel, base, ratio, mib(r.a.medianRSS()), mib(r.a.maxRSS()), baseRSS, sc.target, met)
	}
	return b.String()
}

// ms formats d in milliseconds with three significant digits or so.
func ms(d time.Duration) string {
	v := float64(d) / float64(time.Millisecond)
	switch {
	case v < 10:
		return fmt.Sprintf("%.2f ms", v)
	case v < 100:
		return fmt.Sprintf("%.1f ms", v)
	default:
		return fmt.Sprintf("%.0f ms", v)
	}
}

func mib(b int64) string {
	return fmt.Sprintf("%.1f MiB", float64(b)/(1<<20))
}
