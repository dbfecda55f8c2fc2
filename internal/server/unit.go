package server

import (
	"bytes"
	"encoding/xml"
	"fmt"
	"path/filepath"
	"strings"
)

// The names under which the user installs the service of `serve --unit`.
const (
	SystemdUnitName = "hookexec-serve.service"
	LaunchdLabel    = "io.github.hookexec.serve"
)

// UnitKinds are the service managers `serve --unit` writes for.
func UnitKinds() []string { return []string{"systemd", "launchd"} }

// UnitOptions are what a user service runs.
type UnitOptions struct {
	// Argv is the program, an absolute path, then its arguments.
	Argv []string
	// Env are NAME=value pairs set for the server (a service manager
	// does not start it with the user's shell environment).
	Env []string
	// Log receives the server's stdout and stderr (launchd; systemd
	// keeps them in the journal).
	Log string
}

// Unit is the user service definition of kind ("systemd": a systemd user
// unit; "launchd": a launchd agent's property list) that runs o.Argv and
// starts it again when it fails.
func Unit(kind string, o UnitOptions) (string, error) {
	if len(o.Argv) == 0 || !filepath.IsAbs(o.Argv[0]) {
		return "", fmt.Errorf("a service needs the absolute path of hookexec, not %q", strings.Join(o.Argv[:min(1, len(o.Argv))], ""))
	}
	for _, s := range append(append([]string{o.Log}, o.Argv...), o.Env...) {
		if strings.ContainsAny(s, "\x00\n\r") {
			return "", fmt.Errorf("a service cannot hold %q: it has a line break or NUL", s)
		}
	}
	switch kind {
	case "systemd":
		return systemdUnit(o), nil
	case "launchd":
		return launchdPlist(o), nil
	}
	return "", fmt.Errorf("invalid --unit %q (want systemd or launchd)", kind)
}

func systemdUnit(o UnitOptions) string {
	var b strings.Builder
	b.WriteString("# hookexec serve as a systemd user service. Install:\n")
	b.WriteString("#   hookexec serve --unit systemd > ~/.config/systemd/user/" + SystemdUnitName + "\n")
	b.WriteString("#   systemctl --user daemon-reload && systemctl --user enable --now " + SystemdUnitName + "\n")
	b.WriteString("[Unit]\nDescription=hookexec serve: the HTTP hooks of the user's coding agents\n\n[Service]\n")
	b.WriteString("Type=simple\nExecStart=")
	for i, a := range o.Argv {
		if i > 0 {
			b.WriteByte(' ')
		}
		b.WriteString(systemdQuote(a, true))
	}
	b.WriteString("\n")
	for _, kv := range o.Env {
		b.WriteString("Environment=" + systemdQuote(kv, false) + "\n")
	}
	b.WriteString("Restart=on-failure\nRestartSec=1\n\n[Install]\nWantedBy=default.target\n")
	return b.String()
}

// systemdQuote is s as one word of a systemd command line (exec) or an
// Environment= assignment: double-quoted with C escapes, % doubled so that
// systemd expands no specifier in it, and on a command line $ doubled so
// that it expands no variable (Environment= expands none).
func systemdQuote(s string, exec bool) string {
	pairs := []string{`\`, `\\`, `"`, `\"`, "%", "%%"}
	if exec {
		pairs = append(pairs, "$", "$$")
	}
	return `"` + strings.NewReplacer(pairs...).Replace(s) + `"`
}

func launchdPlist(o UnitOptions) string {
	var b bytes.Buffer
	b.WriteString(`<?xml version="1.0" encoding="UTF-8"?>
<!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">
<!-- hookexec serve as a launchd agent. Install: save it as
       ~/Library/LaunchAgents/` + LaunchdLabel + `.plist
     then: launchctl bootstrap gui/$(id -u) ~/Library/LaunchAgents/` + LaunchdLabel + `.plist -->
<plist version="1.0">
<dict>
	<key>Label</key>
	<string>` + LaunchdLabel + `</string>
	<key>ProgramArguments</key>
	<array>
`)
	for _, a := range o.Argv {
		b.WriteString("\t\t<string>" + xmlText(a) + "</string>\n")
	}
	b.WriteString("\t</array>\n")
	if len(o.Env) > 0 {
		b.WriteString("\t<key>EnvironmentVariables</key>\n\t<dict>\n")
		for _, kv := range o.Env {
			name, value, _ := strings.Cut(kv, "=")
			b.WriteString("\t\t<key>" + xmlText(name) + "</key>\n\t\t<string>" + xmlText(value) + "</string>\n")
		}
		b.WriteString("\t</dict>\n")
	}
	if o.Log != "" {
		for _, key := range []string{"StandardOutPath", "StandardErrorPath"} {
			b.WriteString("\t<key>" + key + "</key>\n\t<string>" + xmlText(o.Log) + "</string>\n")
		}
	}
	// Started at login, and again whenever it exits unsuccessfully.
	b.WriteString(`	<key>RunAtLoad</key>
	<true/>
	<key>KeepAlive</key>
	<dict>
		<key>SuccessfulExit</key>
		<false/>
	</dict>
</dict>
</plist>
`)
	return b.String()
}

func xmlText(s string) string {
	var b strings.Builder
	_ = xml.EscapeText(&b, []byte(s))
	return b.String()
}
