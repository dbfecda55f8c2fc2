package server

import (
	"fmt"
	"strings"
)

// ParseListen reads serve's --listen: "" is stdin and stdout (socket ""),
// unix:PATH a Unix socket at PATH (ServeUnix).
func ParseListen(listen string) (socket string, err error) {
	socket, ok := strings.CutPrefix(listen, "unix:")
	if listen != "" && (!ok || socket == "") {
		return "", fmt.Errorf("invalid --listen %q (want unix:PATH)", listen)
	}
	return socket, nil
}
