package server

import (
	"encoding/xml"
	"io"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestUnitSystemd(t *testing.T) {
	t.Parallel()
	got, err := Unit("systemd", UnitOptions{
		Argv: []string{"/opt/my tools/hookexec", "serve", "--http", "127.0.0.1:41000", "--config", `/home/u/100% "odd"\$HOME.json`},
		Env:  []string{"PATH=/usr/bin:/home/u/$bin", "XDG_CONFIG_HOME=/home/u/cfg"},
		Log:  "/ignored/by/systemd.log",
	})
	require.NoError(t, err)
	lines := strings.Split(got, "\n")
	assert.Contains(t, lines, `ExecStart="/opt/my tools/hookexec" "serve" "--http" "127.0.0.1:41000" "--config" "/home/u/100%% \"odd\"\\$$HOME.json"`)
	assert.Contains(t, lines, `Environment="PATH=/usr/bin:/home/u/$bin"`, "Environment= expands no variable: $ stays as it is")
	assert.Contains(t, lines, `Environment="XDG_CONFIG_HOME=/home/u/cfg"`)
	assert.Contains(t, lines, "Restart=on-failure")
	assert.Contains(t, lines, "WantedBy=default.target")
	assert.Contains(t, got, "systemctl --user daemon-reload && systemctl --user enable --now "+SystemdUnitName)
	assert.NotContains(t, got, "/ignored/by/systemd.log")
}

func TestUnitLaunchd(t *testing.T) {
	t.Parallel()
	got, err := Unit("launchd", UnitOptions{
		Argv: []string{"/Users/u/bin/hook<exec>", "serve", "--http", "127.0.0.1:41501"},
		Env:  []string{"PATH=/usr/bin:/Users/u/&bin"},
		Log:  "/Users/u/.local/state/hookexec/serve.log",
	})
	require.NoError(t, err)
	assert.Contains(t, got, "<string>/Users/u/bin/hook&lt;exec&gt;</string>\n\t\t<string>serve</string>\n\t\t<string>--http</string>\n\t\t<string>127.0.0.1:41501</string>")
	assert.Contains(t, got, "<key>PATH</key>\n\t\t<string>/usr/bin:/Users/u/&amp;bin</string>")
	assert.Contains(t, got, "<key>StandardErrorPath</key>\n\t<string>/Users/u/.local/state/hookexec/serve.log</string>")
	assert.Contains(t, got, "<key>KeepAlive</key>\n\t<dict>\n\t\t<key>SuccessfulExit</key>\n\t\t<false/>")
	assert.Contains(t, got, "launchctl bootstrap gui/$(id -u) ~/Library/LaunchAgents/"+LaunchdLabel+".plist")
	// Well-formed XML (a comment holding "--" would not be).
	d := xml.NewDecoder(strings.NewReader(got))
	for {
		_, err := d.Token()
		if err == io.EOF {
			break
		}
		require.NoError(t, err)
	}
}

func TestUnitRefuses(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		kind string
		argv []string
		env  []string
		want string
	}{
		{"upstart", []string{"/bin/hookexec"}, nil, `invalid --unit "upstart" (want systemd or launchd)`},
		{"systemd", []string{"hookexec", "serve"}, nil, `absolute path of hookexec, not "hookexec"`},
		{"systemd", nil, nil, `absolute path of hookexec, not ""`},
		{"launchd", []string{"/bin/hookexec", "--config", "a\nExecStartPre=/bin/evil"}, nil, "line break"},
		{"systemd", []string{"/bin/hookexec"}, []string{"PATH=/bin\n[Service]"}, "line break"},
	} {
		_, err := Unit(tc.kind, UnitOptions{Argv: tc.argv, Env: tc.env})
		require.Error(t, err, tc.kind)
		assert.Contains(t, err.Error(), tc.want)
	}
}
