package dirs

import (
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/assert"
)

// Each directory per OS, from the variables each OS's convention reads.
// Expected paths are joined with filepath.Join, so the table runs on every
// system (the separator is the host's).
func TestUserDirectories(t *testing.T) {
	t.Parallel()
	j := filepath.Join
	type want struct{ config, system, data, state, anchor, home, userHome string }
	tests := []struct {
		name string
		goos string
		env  map[string]string
		want want
	}{
		{"linux: nothing set", "linux", nil, want{system: "/etc/hookexec"}},
		{"linux: HOME", "linux", map[string]string{"HOME": "/h", "USERPROFILE": "/u", "APPDATA": "/a", "LOCALAPPDATA": "/l"},
			want{config: j("/h", ".config", "hookexec"), system: "/etc/hookexec", data: j("/h", ".local", "share", "hookexec"),
				state: j("/h", ".local", "state", "hookexec"), anchor: "/h", home: "/h", userHome: "/h"}},
		// XDG_STATE_HOME in the home directory (a new account has no
		// ~/.local yet): the home directory is the anchor, so the
		// decision log is still written.
		{"linux: XDG_STATE_HOME under HOME", "linux", map[string]string{"HOME": "/h", "XDG_STATE_HOME": "/h/.local/state"},
			want{config: j("/h", ".config", "hookexec"), system: "/etc/hookexec", data: j("/h", ".local", "share", "hookexec"),
				state: j("/h", ".local", "state", "hookexec"), anchor: "/h", home: "/h", userHome: "/h"}},
		{"darwin: XDG wins", "darwin", map[string]string{"HOME": "/h", "XDG_CONFIG_HOME": "/xc", "XDG_DATA_HOME": "/xd/data", "XDG_STATE_HOME": "/xs/state", "HOOKEXEC_SYSTEM_DIR": "/sys"},
			want{config: j("/xc", "hookexec"), system: "/sys", data: j("/xd/data", "hookexec"),
				state: j("/xs/state", "hookexec"), anchor: "/xs", home: "/h", userHome: "/h"}},
		{"windows: app data", "windows", map[string]string{"HOME": `C:\home`, "USERPROFILE": `C:\Users\u`, "APPDATA": `C:\Users\u\AppData\Roaming`, "LOCALAPPDATA": `C:\Users\u\AppData\Local`, "ProgramData": `C:\ProgramData`},
			want{config: j(`C:\Users\u\AppData\Roaming`, "hookexec"), system: j(`C:\ProgramData`, "hookexec"), data: j(`C:\Users\u\AppData\Local`, "hookexec"),
				state: j(`C:\Users\u\AppData\Local`, "hookexec"), anchor: filepath.Dir(`C:\Users\u\AppData\Local`), home: `C:\Users\u`, userHome: `C:\Users\u`}},
		{"windows: XDG wins", "windows", map[string]string{"APPDATA": `C:\R`, "LOCALAPPDATA": `C:\L`, "XDG_CONFIG_HOME": `D:\xc`, "XDG_DATA_HOME": `D:\xd`, "XDG_STATE_HOME": `D:\xs`, "ProgramData": `C:\PD`, "HOOKEXEC_SYSTEM_DIR": `D:\sys`},
			want{config: j(`D:\xc`, "hookexec"), system: `D:\sys`, data: j(`D:\xd`, "hookexec"), state: j(`D:\xs`, "hookexec"), anchor: filepath.Dir(`D:\xs`)}},
		// Without APPDATA or LOCALAPPDATA there is no user config or data
		// (HOME is not used for them), but state falls back to HOME, and
		// Home falls back to HOME where UserHome (os.UserHomeDir) does not.
		{"windows: only HOME", "windows", map[string]string{"HOME": `C:\home`},
			want{state: j(`C:\home`, ".local", "state", "hookexec"), anchor: `C:\home`, home: `C:\home`}},
		{"plan9: $home", "plan9", map[string]string{"home": "/usr/u", "HOME": "/h"},
			want{config: j("/h", ".config", "hookexec"), system: "/etc/hookexec", data: j("/h", ".local", "share", "hookexec"),
				state: j("/h", ".local", "state", "hookexec"), anchor: "/h", home: "/h", userHome: "/usr/u"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			getenv := env(tt.env)
			state, anchor := userState(getenv, tt.goos)
			userHome, _ := userHome(getenv, tt.goos)
			got := want{
				config: userConfig(getenv, tt.goos), system: systemConfig(getenv, tt.goos), data: userData(getenv, tt.goos),
				state: state, anchor: anchor, home: home(getenv, tt.goos), userHome: userHome,
			}
			assert.Equal(t, tt.want, got)
		})
	}
}

func TestUserHomeNamesItsVariable(t *testing.T) {
	t.Parallel()
	for goos, name := range map[string]string{"linux": "HOME", "darwin": "HOME", "windows": "USERPROFILE", "plan9": "home"} {
		dir, got := userHome(env(nil), goos)
		assert.Empty(t, dir)
		assert.Equal(t, name, got, goos)
	}
}

func TestUserDataVars(t *testing.T) {
	t.Parallel()
	xdg, fallback := userDataVars("linux")
	assert.Equal(t, [2]string{"XDG_DATA_HOME", "HOME"}, [2]string{xdg, fallback})
	xdg, fallback = userDataVars("windows")
	assert.Equal(t, [2]string{"XDG_DATA_HOME", "LOCALAPPDATA"}, [2]string{xdg, fallback})
}

// Every variable the user directories are found from is a LocationVar, on
// every OS, so that filtering LocationVars filters them all.
func TestLocationVarsCoverWhatIsRead(t *testing.T) {
	t.Parallel()
	for _, goos := range []string{"linux", "darwin", "freebsd", "windows"} {
		read := map[string]bool{}
		getenv := func(k string) string { read[k] = true; return "" }
		userConfig(getenv, goos)
		systemConfig(getenv, goos)
		userData(getenv, goos)
		userState(getenv, goos)
		home(getenv, goos)
		userHome(getenv, goos)
		for k := range read {
			assert.Contains(t, LocationVars(), k, goos)
		}
	}
}
