#!/bin/sh
# The -exec wrapper of `go test` for Windows test binaries: runs the binary
# (and its arguments) under Wine. WINE names the loader (default: Debian's
# /usr/lib/wine/wine64); WINEPREFIX and WINEDEBUG come from the caller.
exec "${WINE:-/usr/lib/wine/wine64}" "$@"
