package registry

import (
	"errors"
	"io/fs"
	"net/url"
	"os"
	"path/filepath"
	"slices"

	"github.com/hookexec/hookexec/internal/dirs"
	"github.com/hookexec/hookexec/internal/jsonpos"
	"github.com/hookexec/hookexec/internal/spelling"
)

// settingsKey is the top-level key of the user's own settings (SPEC §2.5).
const settingsKey = "settings"

// foreignSettings is the warning about a "settings" key in a file that is
// not the user's config file.
const foreignSettings = `"settings" is read only from the user's own config file (${XDG_CONFIG_HOME:-~/.config}/hookexec/hooks.json); ignored here`

// Settings are the user's own settings: the "settings" object of the
// user's config file (${XDG_CONFIG_HOME:-~/.config}/hookexec/hooks.json,
// found through SafeEnv). No other file can set them: a "settings" key in
// a project, extension, system or explicit file is ignored with a
// warning. Under an agent they replace the environment variables the
// repository could set through the agent (SPEC §2.5). A value that is not
// valid is ignored with a warning; "" means not set.
type Settings struct {
	// File is the user config file the settings were read from; "" when
	// it has none (or the file was not read).
	File string
	// Untrusted is "deny" or "skip": what fire does when it does not run
	// a hook it was given (an untrusted project file, a held hook, a file
	// that cannot be read). "skip" is the user's explicit opt-out of
	// SPEC §2.5's deny; "" leaves the default (deny) or --untrusted.
	Untrusted string
	// Shell is the absolute path of the shell that runs a shell-form hook
	// with no "shell" of its own. Under an agent it is the only such
	// shell besides the dialect's default ($HOOKEXEC_SHELL is ignored
	// there); elsewhere $HOOKEXEC_SHELL wins over it.
	Shell string
	// HTTPProxy is the proxy URL of the user's http hooks under an agent,
	// where the environment's proxy variables are ignored; "" means no
	// proxy there. Outside an agent the environment's proxy variables
	// apply and this is used only when none is set.
	HTTPProxy string
}

func knownSettingsFields() []string { return []string{"untrusted", "shell", "httpProxy"} }

// userSettings reads the "settings" object of the file being decoded into
// reg.Settings when it is the user's config file, and warns that it is
// ignored in any other file.
func (d *fileDecoder) userSettings(reg *Registry, root *jsonpos.Value) {
	if topLevelFields(d.agent) == nil {
		return // a named layout's keys are definition names
	}
	v := root.Get(settingsKey)
	user := d.spec.source == User
	if user {
		reg.settingsRead = true
	}
	if !present(v) {
		return
	}
	// validate of the user's file named as an argument checks its settings.
	if !user && d.lint != nil && sameFile(d.spec.path, userConfigFile(d.lint.env.getenv)) {
		user = true
	}
	if !user {
		d.advise(v.Off, "%s", foreignSettings)
		return
	}
	reg.Settings = d.decodeSettings(v)
}

// decodeSettings checks the settings object v, warning about each value it
// ignores (warnings in validate too: no hook is left out).
func (d *fileDecoder) decodeSettings(v *jsonpos.Value) Settings {
	s := Settings{File: d.spec.path}
	if v.Kind != jsonpos.Object {
		d.advise(v.Off, `"settings" must be an object, got %s; ignored`, v.Kind)
		return s
	}
	known := knownSettingsFields()
	for _, m := range v.Members {
		if slices.Contains(known, m.Key) {
			continue
		}
		if c := spelling.Closest(m.Key, known, max(1, len(m.Key)/4)); c != "" {
			d.advise(m.KeyOff, "settings: unknown field %q (did you mean %q?); ignored", m.Key, c)
		} else {
			d.advise(m.KeyOff, "settings: unknown field %q (known: untrusted, shell, httpProxy); ignored", m.Key)
		}
	}
	str := func(name string) (string, *jsonpos.Value) {
		f := v.Get(name)
		if !present(f) {
			return "", nil
		}
		if f.Kind != jsonpos.String {
			d.advise(f.Off, `"settings.%s" must be a string, got %s; ignored`, name, f.Kind)
			return "", nil
		}
		return f.Str, f
	}
	if u, f := str("untrusted"); f != nil {
		if u == "deny" || u == "skip" {
			s.Untrusted = u
		} else {
			d.advise(f.Off, `"settings.untrusted" must be "deny" or "skip", got %q; ignored`, u)
		}
	}
	if sh, f := str("shell"); f != nil {
		if filepath.IsAbs(sh) {
			s.Shell = sh
		} else {
			d.advise(f.Off, `"settings.shell" must be an absolute path, got %q; ignored`, sh)
		}
	}
	if p, f := str("httpProxy"); f != nil {
		if why := proxyProblem(p); why == "" {
			s.HTTPProxy = p
		} else {
			d.advise(f.Off, `"settings.httpProxy" %s, got %q; ignored`, why, p)
		}
	}
	return s
}

// proxyProblem says why p is not a proxy URL hookexec can use ("" when it
// is one): http, https or socks5, with a host.
func proxyProblem(p string) string {
	u, err := url.Parse(p)
	if err != nil || u.Host == "" {
		return "must be a URL such as http://127.0.0.1:3128"
	}
	switch u.Scheme {
	case "http", "https", "socks5", "socks5h":
		return ""
	}
	return "must be an http, https or socks5 URL"
}

// userConfigFile is the user's config file as getenv locates it ("" when
// it cannot be located).
func userConfigFile(getenv func(string) string) string {
	dir := dirs.UserConfig(getenv)
	if dir == "" {
		return ""
	}
	return filepath.Join(dir, "hooks.json")
}

// sameFile reports whether a and b name the same existing file.
func sameFile(a, b string) bool {
	fa, err := os.Stat(a)
	if err != nil {
		return false
	}
	fb, err := os.Stat(b)
	return err == nil && os.SameFile(fa, fb)
}

// readUserSettings reads the settings of the user's config file when the
// load did not decode that file (explicit --config or HOOKEXEC_CONFIG
// files): the file is read as discovery reads it (the user's own, not
// writable by others); its hooks are not loaded, only its warnings about
// the settings are kept.
func (r *Registry) readUserSettings(getenv func(string) string) {
	if r.settingsRead {
		return
	}
	path := userConfigFile(getenv)
	if path == "" {
		return
	}
	// The user's file named with --config is read as the user's here: its
	// "settings" are not foreign.
	r.Warnings = slices.DeleteFunc(r.Warnings, func(d Diagnostic) bool {
		return d.Message == foreignSettings && sameFile(d.Pos.File, path)
	})
	spec := fileSpec{path: path, source: User, dialect: Native}
	data, err := spec.read()
	if err != nil {
		if !errors.Is(err, fs.ErrNotExist) {
			r.Warnings = append(r.Warnings, Diagnostic{Pos: Position{File: path}, Severity: SeverityWarning, Message: err.Error() + "; its settings are not used"})
		}
		return
	}
	root, _, err := jsonpos.Parse(data, jsonpos.Options{Only: []string{settingsKey}})
	if err != nil || root.Kind != jsonpos.Object {
		return // the load of that file reports it; here nothing is set
	}
	v := root.Get(settingsKey)
	if !present(v) {
		return
	}
	d := &fileDecoder{spec: spec, lines: jsonpos.NewLines(data)}
	r.Settings = d.decodeSettings(v)
	r.Warnings = append(r.Warnings, d.warnings...)
}
