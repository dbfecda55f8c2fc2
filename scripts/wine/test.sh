#!/usr/bin/env bash
# make test-windows: the Windows build's tests under Wine (Debian's wine64).
# Installs Wine when it is missing, prepares a throwaway prefix (with the
# bcryptprimitives.dll that Go programs need under Wine 8), runs the runner
# package's tests and the fire smoke test as Windows binaries, and stops
# the prefix's wineserver at the end, whatever happens.
set -euo pipefail
cd "$(dirname "$0")/../.."
GO=${GO:-go}
WINE=${WINE:-/usr/lib/wine/wine64}
WINESERVER=${WINESERVER:-$(dirname "$WINE")/wineserver}

run() {
	echo "+ $*"
	"$@"
}

if [ ! -x "$WINE" ]; then
	echo "test-windows: $WINE is missing; installing wine64"
	sudo=()
	if [ "$(id -u)" -ne 0 ]; then
		sudo=(sudo)
	fi
	run "${sudo[@]}" env DEBIAN_FRONTEND=noninteractive apt-get update -q
	run "${sudo[@]}" env DEBIAN_FRONTEND=noninteractive apt-get install -y -q --no-install-recommends wine64
fi

WINEPREFIX=$(mktemp -d "${TMPDIR:-/tmp}/hookexec-wine.XXXXXX")
export WINEPREFIX WINE WINEDEBUG=-all
cleanup() {
	"$WINESERVER" -k 2>/dev/null || true
	rm -rf "$WINEPREFIX"
}
trap cleanup EXIT
echo "test-windows: WINEPREFIX=$WINEPREFIX WINEDEBUG=$WINEDEBUG"

run "$WINE" wineboot -i
# Wait until the prefix's first boot is over, so that the tests do not
# compete with it.
run "$WINESERVER" -w
run "$GO" run ./scripts/wine/bcryptprimitives "$WINEPREFIX/drive_c/windows/system32/bcryptprimitives.dll"

# One test binary at a time (-p 1): Wine's process creation has failed
# ("Internal error") with several test binaries starting processes at once
# in one prefix on a loaded machine.
export GOOS=windows GOARCH=amd64 CGO_ENABLED=0
exec_wrapper=$PWD/scripts/wine/exec.sh
run "$GO" test -p 1 -count=1 -exec "$exec_wrapper" ./internal/runner
run "$GO" test -p 1 -count=1 -exec "$exec_wrapper" -run 'Windows|GitBash|ShellArgv' ./internal/registry ./internal/trust ./internal/safefile ./cmd/hookexec
