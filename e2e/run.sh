#!/usr/bin/env bash
# make e2e: install the pinned agents from npm (package.json, package-lock.json)
# into bin/e2e, build hookexec, and run the end-to-end suites against them
# (go test -tags e2e ./e2e/...). Each suite writes its comparison table to
# bin/e2e/*.md; docs/e2e.md holds the last one committed.
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
out="$root/bin/e2e"
mkdir -p "$out"
cd "$root"

# Reinstall only when the pins changed (or the last install is unusable).
# No install scripts run but one: Claude Code's native binary comes as an
# optional dependency, and its postinstall (install.cjs, local only) puts it
# in place of the bin/claude.exe stub that `claude` runs.
claude="$out/node_modules/.bin/claude"
if ! cmp -s e2e/package-lock.json "$out/package-lock.json" || [ ! -d "$out/node_modules" ] ||
	! "$claude" --version >/dev/null 2>&1; then
	cp e2e/package.json e2e/package-lock.json "$out/"
	# npm install, not npm ci: Qwen Code's package lists optional
	# dependencies that npm ci reports missing from any lock; npm install
	# installs exactly the locked tree (checked below).
	(cd "$out" && npm install --ignore-scripts --no-audit --no-fund --loglevel=error)
	cmp -s e2e/package-lock.json "$out/package-lock.json" || {
		echo "e2e: npm install changed package-lock.json; update the pins deliberately" >&2
		exit 1
	}
	(cd "$out" && node node_modules/@anthropic-ai/claude-code/install.cjs)
	"$claude" --version >/dev/null
fi

make build >/dev/null
export HOOKEXEC_E2E_BIN="$root/bin/hookexec"
export HOOKEXEC_E2E_NODE_MODULES="$out/node_modules"
export HOOKEXEC_E2E_OUT="$out"
rm -f "$out/claude-readme.md" "$out/claude-failclosed.md" "$out/claude-http-facts.md" "$out/claude-http.md" "$out/claude-bench.md"
rm -f "$out/claude-pack.md" "$out/codex-pack.md" "$out/gemini-pack.md"
rm -f "$out/claude.md" "$out/gemini.md" "$out/qwen.md" "$out/codex.md" "$out/copilot.md" "$out/cline.md" "$out/report.md"
status=0
go test -tags e2e -count=1 -timeout 15m ${E2E_FLAGS:-} ./e2e/... || status=$?

# One report of the run, whatever its result: what ran, then both tables
# (docs/e2e.md is a copy of the last full run's).
{
	echo "# hookexec against the real agents (make e2e)"
	echo
	echo "Run $(date -u +%Y-%m-%dT%H:%MZ) on $(uname -sm), hookexec $(./bin/hookexec version | awk '{print $2}')," \
		"Claude Code $("$claude" --version 2>/dev/null | head -1)," \
		"@google/gemini-cli-core $(node -p "require('$out/node_modules/@google/gemini-cli-core/package.json').version")," \
		"Qwen Code $(node -p "require('$out/node_modules/@qwen-code/qwen-code/package.json').version")," \
		"Codex CLI $("$out/node_modules/.bin/codex" --version 2>/dev/null | awk '{print $2}')," \
		"GitHub Copilot CLI $(node -p "require('$out/node_modules/@github/copilot/package.json').version")," \
		"cline $(node -p "require('$out/node_modules/cline/package.json').version")," \
		"node $(node --version). Each scenario runs its policies once as the agent's own hooks and once through" \
		"hookexec as [agents.md](agents.md) installs it; \"same?\" compares what the agent did. Deliberate differences are explained" \
		"in [differences.md](differences.md)."
	for suite in claude:"Claude Code" gemini:"Gemini CLI (the hook engine of @google/gemini-cli-core)" qwen:"Qwen Code (qwen -p against a fake chat-completions model)" codex:"Codex CLI (codex exec)" copilot:"GitHub Copilot CLI (copilot -p against a fake chat-completions model)" cline:"Cline (the cline CLI, headless against a fake chat-completions model)"; do
		file="$out/${suite%%:*}.md"
		[ -f "$file" ] || continue
		echo
		echo "## ${suite#*:}"
		echo
		cat "$file"
	done
	# Issue 22: the README's quick start, followed with the real Claude Code.
	# Issue 21: Claude Code's http hooks, and hookexec serve --http behind them.
	# Issue 30: a guard that cannot run blocks, with the real Claude Code.
	for part in claude-readme:"The README's quick start with the real Claude Code: a fresh clone, only the README" claude-failclosed:"Fail closed with the real Claude Code: a broken or misspelled setup, a teammate's untrusted clone" claude-http-facts:"Claude Code's http hooks as install claude --http uses them" claude-http:"install claude --http with the real Claude Code: the server started, killed, started again" claude-bench:"Inside Claude Code: what one trivial policy adds to a tool call, each way"; do
		file="$out/${part%%:*}.md"
		[ -f "$file" ] || continue
		echo
		echo "## ${part#*:}"
		echo
		cat "$file"
	done
	# The built-in pack against a destructive call the agents let through.
	if ls "$out"/*-pack.md >/dev/null 2>&1; then
		echo
		echo "## hookexec:default with the real agents: a destructive call their own checks let through, and everyday work"
		echo
		echo "Each agent runs the same two shell calls twice in one project (a git repository with an uncommitted change, an untracked file, and another project beside it in the same home directory): first with no hookexec, then with only \`{\"type\": \"rules\", \"use\": [\"hookexec:default\"]}\` in \`.hookexec/hooks.json\`, trusted, and the entries \`hookexec install AGENT\` writes."
		echo
		echo "| agent | its own checks | destructive call | without hookexec | with \`hookexec:default\` | everyday call |"
		echo "|---|---|---|---|---|---|"
		for agent in claude codex gemini; do
			[ -f "$out/$agent-pack.md" ] && cat "$out/$agent-pack.md"
		done
	fi
} >"$out/report.md"
echo "report: $out/report.md"
exit $status
