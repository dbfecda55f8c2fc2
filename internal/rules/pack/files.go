package pack

import (
	"path"
	"strings"

	"github.com/hookexec/hookexec/internal/permrule"
)

// secretDirs are directories of credentials, as a path component (or two).
var secretDirs = []string{".ssh", ".aws", ".azure", ".gnupg", ".kube", ".config/gcloud", ".docker", ".oci"}

// secretFiles are credential files by base name.
var secretFiles = []string{".netrc", ".pgpass", ".git-credentials", "credentials.json", "id_rsa", "id_ed25519", "id_ecdsa"}

// agentDirs are the agents' settings directories whose files hold hooks.
var agentDirs = []string{
	".claude", ".gemini", ".qwen", ".codex", ".cursor", ".windsurf", ".codeium", ".kiro", ".factory",
	".llxprt", ".iflow", ".codebuddy", ".crush", ".augment", ".kimi", ".tabnine", ".antigravity",
	".goose", ".cline", ".copilot", ".snowflake",
}

// selfDirs are hookexec's own configs, data and trust store.
var selfDirs = []string{
	".hookexec", ".config/hookexec", ".local/share/hookexec", ".local/state/hookexec",
	"Library/Application Support/hookexec", "AppData/Roaming/hookexec", "AppData/Local/hookexec", "ProgramData/hookexec", "/etc/hookexec",
}

// protectedWrite says whether writing (or deleting) the file p touches a
// secret or the guard itself.
func protectedWrite(p string, pl permrule.Places, what string) (Finding, bool) {
	p, slashed, base := placed(p, pl)
	for _, d := range selfDirs {
		if strings.Contains(slashed, "/"+strings.TrimPrefix(d, "/")+"/") {
			return hit(idSelfConfig, "hookexec's configs and trust store are not the model's to change: "+p+" "+what), true
		}
	}
	if isAgentSettings(slashed, base) {
		return hit(idSelfSettings, "the agents' hook settings are not the model's to change: "+p+" "+what), true
	}
	if id, why, ok := secret(slashed, base); ok {
		return hit(id, why+": "+p+" "+what), true
	}
	return Finding{}, false
}

// secretRead says whether reading the file p reads a secret.
func secretRead(p string, pl permrule.Places, what string) (Finding, bool) {
	p, slashed, base := placed(p, pl)
	if _, why, ok := secret(slashed, base); ok {
		return hit(idSecretsRead, why+": "+p+" "+what), true
	}
	return Finding{}, false
}

// placed is p made absolute (~ is the home directory, a relative path is
// in the working directory) and clean, with forward slashes; slashed is
// it between slashes, base its last element.
func placed(p string, pl permrule.Places) (abs, slashed, base string) {
	if strings.HasPrefix(p, "~/") && pl.Home != "" {
		p = pl.Home + p[1:]
	}
	if !path.IsAbs(p) && pl.Cwd != "" {
		p = path.Join(pl.Cwd, p)
	}
	p = path.Clean(strings.ReplaceAll(p, `\`, "/"))
	return p, "/" + strings.TrimPrefix(p, "/") + "/", path.Base(p)
}

// secret: the file is a .env file or credentials; id is the check that
// guards writing it, why says what it holds.
func secret(slashed, base string) (id, why string, ok bool) {
	if isEnvFile(base) {
		return idSecretsEnv, "a .env file holds secrets", true
	}
	for _, d := range secretDirs {
		if strings.Contains(slashed, "/"+d+"/") {
			return idSecretsCreds, "credentials (" + d + ")", true
		}
	}
	for _, f := range secretFiles {
		if base == f {
			return idSecretsCreds, "credentials (" + f + ")", true
		}
	}
	return "", "", false
}

// isEnvFile: .env and .env.local, not .env.example and its kin.
func isEnvFile(base string) bool {
	if base != ".env" && !strings.HasPrefix(base, ".env.") {
		return false
	}
	for _, s := range []string{".example", ".sample", ".template", ".dist", ".defaults"} {
		if strings.HasSuffix(base, s) {
			return false
		}
	}
	return true
}

// isAgentSettings: a settings or hooks file in an agent's directory, or a
// file of .github/hooks.
func isAgentSettings(slashed, base string) bool {
	if strings.Contains(slashed, "/.github/hooks/") {
		return true
	}
	for _, d := range agentDirs {
		i := strings.Index(slashed, "/"+d+"/")
		if i < 0 {
			continue
		}
		rest := slashed[i+len(d)+2:]
		if strings.HasPrefix(rest, "hooks/") || strings.HasPrefix(base, "settings") || base == "hooks.json" ||
			base == "config.toml" || base == "config.json" || base == "managed-settings.json" || strings.HasPrefix(base, "cli-config") {
			return true
		}
	}
	return false
}
