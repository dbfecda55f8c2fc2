package runner

import (
	"runtime"
	"strings"
)

// Environment names are case-sensitive on Unix and case-insensitive on
// Windows ("Path" and "PATH" are one variable), where a name may also
// start with "=" (cmd.exe's per-drive directories, "=C:=C:\dir").

// cutEnv splits "NAME=value"; ok is false without a "=" after the name.
func cutEnv(kv string) (name, value string, ok bool) {
	if runtime.GOOS == "windows" && strings.HasPrefix(kv, "=") {
		i := strings.IndexByte(kv[1:], '=')
		if i < 0 {
			return kv, "", false
		}
		return kv[:i+1], kv[i+2:], true
	}
	return strings.Cut(kv, "=")
}

// envKey is the form of name under which the OS looks it up.
func envKey(name string) string {
	if runtime.GOOS == "windows" {
		return strings.ToUpper(name)
	}
	return name
}
