package pack

import (
	"strings"

	"github.com/hookexec/hookexec/internal/shellcmd"
)

// gitGlobalValue are git's global options that take a separate value.
var gitGlobalValue = []string{"-C", "-c", "--git-dir", "--work-tree", "--namespace", "--super-prefix", "--config-env", "--attr-source", "--exec-path"}

// checkGit: the git commands that discard work or history.
func checkGit(args []shellcmd.Word, show string) []Finding {
	i := 0
	for i < len(args) && !args[i].Dynamic && strings.HasPrefix(args[i].Text, "-") {
		if args[i].Text == "--" {
			i++
			break
		}
		if contains(gitGlobalValue, args[i].Text) {
			i++
		}
		i++
	}
	if i >= len(args) || args[i].Dynamic {
		return nil
	}
	sub, rest := strings.ToLower(args[i].Text), args[i+1:]
	found := func(id, why string) []Finding {
		return []Finding{hit(id, "git "+why+": "+quote(show))}
	}
	short, long, operands := flags(rest)
	if hasLong(long, "--help") || hasWord(rest, "-h") {
		return nil
	}
	switch sub {
	case "reset":
		if hasLong(long, "--hard", "--merge", "--keep") {
			return found(idGitResetHard, "reset --hard discards uncommitted changes")
		}
	case "checkout":
		return checkCheckout(rest, func(why string) []Finding { return found(idGitCheckout, why) })
	case "switch":
		if hasLong(long, "--discard-changes", "--force") || shortFlag(rest, 'f', "cC") {
			return found(idGitSwitch, "switch --force discards uncommitted changes")
		}
	case "restore":
		if hasLong(long, "--staged") || shortFlag(rest, 'S', "s") {
			if !hasLong(long, "--worktree") && !shortFlag(rest, 'W', "s") {
				return nil
			}
		}
		if len(operands) > 0 || hasLong(long, "--pathspec-from-file") {
			return found(idGitRestore, "restore discards uncommitted changes")
		}
	case "clean":
		if hasLong(long, "--force") || strings.Contains(short, "f") {
			return found(idGitClean, "clean -f deletes untracked files")
		}
	case "push":
		return checkPush(rest, show)
	case "branch":
		if strings.Contains(short, "D") || (strings.Contains(short, "d") || hasLong(long, "--delete")) && (strings.Contains(short, "f") || hasLong(long, "--force")) {
			return found(idGitBranchDelete, "branch -D deletes a branch that is not merged")
		}
	case "stash":
		if len(operands) > 0 && (operands[0].Text == "drop" || operands[0].Text == "clear") {
			return found(idGitStashDrop, "stash "+operands[0].Text+" deletes stashed changes")
		}
	case "filter-branch", "filter-repo":
		return found(idGitRewrite, sub+" rewrites history")
	case "worktree":
		if len(operands) > 0 && operands[0].Text == "remove" && (hasLong(long, "--force") || strings.Contains(short, "f")) {
			return found(idGitWorktree, "worktree remove --force deletes uncommitted changes")
		}
	case "update-ref":
		if strings.Contains(short, "d") {
			return found(idGitUpdateRef, "update-ref -d deletes a ref")
		}
	case "reflog":
		if len(operands) > 0 && (operands[0].Text == "expire" || operands[0].Text == "delete") {
			return found(idGitReflog, "reflog "+operands[0].Text+" deletes the history that recovers lost work")
		}
	}
	return nil
}

// shortFlag: the letter is among the short options of args before "--",
// reading a cluster up to a letter of withValue (which takes the rest).
func shortFlag(args []shellcmd.Word, letter byte, withValue string) bool {
	for _, w := range args {
		t := w.Text
		if t == "--" {
			return false
		}
		if w.Dynamic || len(t) < 2 || t[0] != '-' || t[1] == '-' {
			continue
		}
		for k := 1; k < len(t); k++ {
			if t[k] == letter {
				return true
			}
			if strings.IndexByte(withValue, t[k]) >= 0 {
				break
			}
		}
	}
	return false
}

// checkCheckout: checkout --force, checkout -- PATHS, --pathspec-from-file,
// and a ref followed by paths, all of which overwrite the work tree's
// changes. Creating or switching branches stays allowed.
func checkCheckout(args []shellcmd.Word, deny func(string) []Finding) []Finding {
	var positional int
	for i := 0; i < len(args); i++ {
		w := args[i]
		t := w.Text
		switch {
		case w.Dynamic:
			positional++
		case t == "--":
			if i+1 < len(args) {
				return deny("checkout -- PATH discards uncommitted changes")
			}
			return nil
		case t == "--force":
			return deny("checkout --force discards uncommitted changes")
		case strings.HasPrefix(t, "--pathspec-from-file"):
			return deny("checkout --pathspec-from-file discards uncommitted changes")
		case t == "--orphan" || t == "--unified" || t == "--inter-hunk-context" || t == "--conflict":
			i++
		case t == "--track" || t == "--recurse-submodules":
			if i+1 < len(args) && contains([]string{"direct", "inherit", "checkout", "on-demand"}, args[i+1].Text) {
				i++
			}
		case strings.HasPrefix(t, "--"):
		case strings.HasPrefix(t, "-") && len(t) > 1:
			for k := 1; k < len(t); k++ {
				if t[k] == 'f' {
					return deny("checkout -f discards uncommitted changes")
				}
				if strings.IndexByte("bBU", t[k]) >= 0 {
					if k == len(t)-1 {
						i++
					}
					break
				}
			}
		default:
			positional++
		}
	}
	if positional >= 2 {
		return deny("checkout REF PATH overwrites the work tree's changes")
	}
	return nil
}

func contains(list []string, s string) bool {
	for _, x := range list {
		if x == s {
			return true
		}
	}
	return false
}

func hasWord(args []shellcmd.Word, text string) bool {
	for _, w := range args {
		if !w.Dynamic && w.Text == text {
			return true
		}
	}
	return false
}
