package pack

// Check is one check of the built-in packs: its stable id (what a rules
// hook's "except" names, and what a decision's reason shows after the
// pack's name), its category, what it finds, and what each pack decides
// when it finds it ("" where the pack does not check it).
type Check struct {
	ID       string
	Category string
	About    string
	Default  string
	Strict   string
	Relaxed  string
}

// The categories of the checks.
const (
	catDelete    = "destructive delete"
	catFind      = "find -delete"
	catDevice    = "device overwrite"
	catGit       = "destructive git"
	catChmod     = "world-writable chmod"
	catPrivilege = "privilege escalation"
	catDownload  = "download into a shell"
	catSecrets   = "secrets"
	catSelf      = "the guard itself"
	catUnknown   = "unknown command"
	catOneLiner  = "interpreter one-liner"
	catPublish   = "package publishing"
	catContainer = "container host access"
	catInfra     = "infrastructure teardown"
)

// The check ids.
const (
	idRmRoot          = "rm-root"
	idRmHome          = "rm-home"
	idRmSystem        = "rm-system"
	idRmProjectRoot   = "rm-project-root"
	idRmOutside       = "rm-outside"
	idRmUnknownPath   = "rm-unknown-path"
	idRmRecursive     = "rm-recursive"
	idFindDelete      = "find-delete"
	idDdDevice        = "dd-device"
	idMkfsDevice      = "mkfs-device"
	idShredDevice     = "shred-device"
	idGitResetHard    = "git-reset-hard"
	idGitCheckout     = "git-checkout-discard"
	idGitSwitch       = "git-switch-discard"
	idGitRestore      = "git-restore"
	idGitClean        = "git-clean"
	idGitPushForce    = "git-push-force"
	idGitPushBranch   = "git-push-protected"
	idGitPushDelete   = "git-push-delete"
	idGitBranchDelete = "git-branch-force-delete"
	idGitStashDrop    = "git-stash-drop"
	idGitRewrite      = "git-rewrite-history"
	idGitWorktree     = "git-worktree-remove-force"
	idGitUpdateRef    = "git-update-ref-delete"
	idGitReflog       = "git-reflog-expire"
	idChmod           = "chmod-world-writable"
	idSudo            = "sudo"
	idDownloadShell   = "download-to-shell"
	idDownloadPiped   = "download-piped"
	idSecretsEnv      = "secrets-env"
	idSecretsCreds    = "secrets-credentials"
	idSecretsRead     = "secrets-read"
	idSelfSettings    = "self-settings"
	idSelfConfig      = "self-config"
	idSelfOff         = "self-off"
	idSelfKill        = "self-kill"
	idUnknown         = "unknown-command"
	idOneLiner        = "one-liner"
	idPublish         = "package-publish"
	idContainerHost   = "container-host"
	idInfraDestroy    = "infra-destroy"
)

// checks is the table of every check, in the order the docs list them.
// hookexec:strict decides at least what hookexec:default does for each;
// hookexec:relaxed at most.
var checks = []Check{
	{idRmRoot, catDelete, "rm -r or -f of / or its contents, --no-preserve-root", Deny, Deny, Deny},
	{idRmHome, catDelete, "rm -r or -f of the home directory or anything in it", Deny, Deny, Deny},
	{idRmSystem, catDelete, "rm -r or -f of a system directory or anything in it", Deny, Deny, Deny},
	{idRmProjectRoot, catDelete, "rm -r of the project root or a directory holding it", Deny, Deny, Ask},
	{idRmOutside, catDelete, "rm -rf of a path outside the project (not a temporary directory)", Deny, Deny, Ask},
	{idRmUnknownPath, catDelete, "rm -rf of a path known only at run time", Deny, Deny, Ask},
	{idRmRecursive, catDelete, "rm -r of anything but a temporary directory, inside the project too", "", Ask, ""},
	{idFindDelete, catFind, "find with the -delete action", Deny, Deny, Ask},
	{idDdDevice, catDevice, "dd writing to a device", Deny, Deny, Deny},
	{idMkfsDevice, catDevice, "mkfs, mke2fs, mkswap, wipefs", Deny, Deny, Deny},
	{idShredDevice, catDevice, "shred of a device", Deny, Deny, Deny},
	{idGitResetHard, catGit, "git reset --hard, --merge, --keep", Deny, Deny, Ask},
	{idGitCheckout, catGit, "git checkout that overwrites the work tree's changes", Deny, Deny, Ask},
	{idGitSwitch, catGit, "git switch --force or --discard-changes", Deny, Deny, Ask},
	{idGitRestore, catGit, "git restore of the work tree", Deny, Deny, Ask},
	{idGitClean, catGit, "git clean -f", Deny, Deny, Ask},
	{idGitPushForce, catGit, "git push --force, -f, --mirror, +refspec (not --force-with-lease)", Deny, Deny, Deny},
	{idGitPushBranch, catGit, "git push to a protected branch, or where git picks the branch", "", Ask, ""},
	{idGitPushDelete, catGit, "git push --delete or :branch, deleting a remote branch", "", Ask, ""},
	{idGitBranchDelete, catGit, "git branch -D", Deny, Deny, Ask},
	{idGitStashDrop, catGit, "git stash drop, git stash clear", Deny, Deny, Ask},
	{idGitRewrite, catGit, "git filter-branch, git filter-repo", Deny, Deny, Ask},
	{idGitWorktree, catGit, "git worktree remove --force", Deny, Deny, Ask},
	{idGitUpdateRef, catGit, "git update-ref -d", Deny, Deny, Ask},
	{idGitReflog, catGit, "git reflog expire, git reflog delete", Deny, Deny, Ask},
	{idChmod, catChmod, "chmod to a mode everyone may write", Deny, Deny, Ask},
	{idSudo, catPrivilege, "sudo, doas, su, runuser, pkexec", Ask, Ask, Ask},
	{idDownloadShell, catDownload, "a download run by a shell or an interpreter", Deny, Deny, Deny},
	{idDownloadPiped, catDownload, "a download piped into any command", "", Ask, ""},
	{idSecretsEnv, catSecrets, "writing or deleting a .env file", Deny, Deny, Deny},
	{idSecretsCreds, catSecrets, "writing or deleting credentials (~/.ssh, ~/.aws, keys, ...)", Deny, Deny, Deny},
	{idSecretsRead, catSecrets, "reading a .env file or credentials", "", Ask, ""},
	{idSelfSettings, catSelf, "writing or deleting the agents' hook settings", Deny, Deny, Deny},
	{idSelfConfig, catSelf, "writing or deleting hookexec's configs, data and trust store", Deny, Deny, Deny},
	{idSelfOff, catSelf, "hookexec untrust, uninstall, serve --stop, the server's /v1/shutdown", Deny, Deny, Deny},
	{idSelfKill, catSelf, "kill, pkill, killall naming hookexec", Deny, Deny, Deny},
	{idUnknown, catUnknown, "a command known only at run time, text that does not parse", Deny, Deny, Ask},
	{idOneLiner, catOneLiner, "python -c, node -e, perl -e, ruby -e and a program read from input", "", Ask, ""},
	{idPublish, catPublish, "npm, yarn, pnpm publish, cargo publish, gem push, twine upload, ...", "", Ask, ""},
	{idContainerHost, catContainer, "docker or podman run --privileged, mounting / or the docker socket, --pid=host", "", Deny, ""},
	{idInfraDestroy, catInfra, "terraform or tofu destroy, pulumi destroy, kubectl delete, helm uninstall", "", Ask, ""},
}

// Checks are the checks of the built-in packs (a copy of the table).
func Checks() []Check { return append([]Check(nil), checks...) }

// IDs are the ids of every check.
func IDs() []string {
	out := make([]string, len(checks))
	for i, c := range checks {
		out[i] = c.ID
	}
	return out
}

// category is the category of the check id.
func category(id string) string {
	for _, c := range checks {
		if c.ID == id {
			return c.Category
		}
	}
	return catUnknown
}

// hit is a finding of the check id; the pack gives its decision and
// category.
func hit(id, why string) Finding { return Finding{Check: id, Why: why} }
