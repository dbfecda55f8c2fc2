package pack

import (
	"strings"

	"github.com/hookexec/hookexec/internal/permrule"
	"github.com/hookexec/hookexec/internal/shellcmd"
)

// hole stands, in the text of a string literal read as shell, for a part
// the code fills in when it runs (f"{d}", "#{d}", "%s" % d, "x" + d): a
// word holding it is known only at run time, however it is quoted.
const hole = "__hookexec_hole__"

// piece is part of a string the code builds: literal text, or a hole.
type piece struct {
	text string
	hole bool
}

// item is one string the code builds from literals joined by + or . or
// written side by side.
type item []piece

func (it item) text() string {
	var b strings.Builder
	for _, p := range it {
		if p.hole {
			b.WriteString(hole)
		} else {
			b.WriteString(p.text)
		}
	}
	return b.String()
}

// checkCode is the pack over an interpreter's code. The code is read as
// shell text (a one-liner that is itself a shell command: node -e "rm -rf
// /"), and so is each string it builds from literals (what os.system,
// exec or a backtick would run), and each list of them as a command's
// words (subprocess.run(["rm", "-rf", "/"]), system("rm", "-rf", "/")).
// Its calls that delete or overwrite files are checked against the paths
// its literals name (deleteCalls, writeCalls).
func checkCode(code string, pl permrule.Places, depth int) []Finding {
	if depth >= maxNesting {
		return nil
	}
	runs := stringRuns(code)
	var texts []string
	var lits []item
	for _, run := range runs {
		for _, it := range run {
			texts = append(texts, it.text())
			lits = append(lits, it)
		}
		if len(run) > 1 {
			words := make([]string, len(run))
			for i, it := range run {
				words[i] = shellWordOf(it)
			}
			texts = append(texts, strings.Join(words, " "))
		}
	}
	out := deleteCalls(code, lits, pl)
	out = append(out, writeCalls(code, lits, pl)...)
	for _, t := range append([]string{code}, texts...) {
		for _, f := range checkScript(t, pl, depth+1) {
			if f.Check != idUnknown {
				f.Why = "in a one-liner: " + strings.ReplaceAll(f.Why, hole, "?")
				out = append(out, f)
			}
		}
	}
	// A string that is itself code (exec("..."), eval "...").
	for _, t := range texts {
		if strings.ContainsAny(t, `'"`+"`") {
			out = append(out, checkCode(t, pl, depth+1)...)
		}
	}
	return out
}

// shellWordOf is an item as one shell word: its literal text quoted, a
// hole as a variable.
func shellWordOf(it item) string {
	var b strings.Builder
	for _, p := range it {
		if p.hole {
			b.WriteString(`"$` + hole + `"`)
			continue
		}
		b.WriteString(shellWord(shellcmd.Word{Text: p.text}))
	}
	if b.Len() == 0 {
		return "''"
	}
	return b.String()
}

// deleteCallNames are the interpreters' calls that delete a file or a
// tree; recursiveCallNames those of them that delete a tree.
var (
	deleteCallNames = []string{
		"rmtree", "rmSync", "rmdirSync", "rm_rf", "rm_r", "rm_f", "remove_dir_all", "remove_tree", "remove_entry",
		"os.remove", "os.unlink", "os.rmdir", "removedirs", "unlinkSync", "fs.rm", "fs.unlink", "fs.rmdir",
		"fs.promises.rm", "FileUtils.rm", "FileUtils.remove", "File.delete", "File.unlink", "Dir.rmdir", "Dir.delete",
		"unlink", ".rmdir(", "rimraf", "Files.delete", "deleteSync", "Deno.remove",
	}
	recursiveCallNames = []string{"rmtree", "rm_rf", "rm_r", "remove_dir_all", "remove_tree", "remove_entry", "removedirs", "rimraf", "recursive", "deleteSync"}
)

// homeRefs are the ways code names the home directory without a
// literal path.
var homeRefs = []string{"Dir.home", "homedir", "Path.home", "expanduser", "HOME", "USERPROFILE", "get_home_dir", "File.expand_path(\"~"}

// deleteCalls: a one-liner that calls a delete function and names, in a
// string literal, a path a recursive, forced delete may not touch, the
// home directory in code, a secret or the guard's own files; one that
// deletes a tree named only at run time (no literal, or one with a hole).
// For hookexec:strict, a tree deleted anywhere but a temporary directory.
func deleteCalls(code string, lits []item, pl permrule.Places) []Finding {
	found := firstName(code, deleteCallNames)
	if found == "" {
		return nil
	}
	recursive := firstName(code, recursiveCallNames) != ""
	var out []Finding
	if ref := firstName(code, homeRefs); ref != "" {
		out = append(out, hit(idRmHome, "in a one-liner: "+found+" of the home directory ("+ref+")"))
	}
	unknown := len(lits) == 0
	for _, it := range lits {
		l := it.text()
		if l == "" {
			continue
		}
		if strings.Contains(l, hole) {
			unknown = true
			continue
		}
		if f, ok := protectedWrite(l, pl, "deleted by "+found); ok {
			out = append(out, f)
			continue
		}
		switch where := locate(shellcmd.Word{Text: l}, pl, code); where {
		case placeRoot, placeHome, placeSystem, placeProjectRoot, placeOutside:
			out = append(out, hit(rmCheck(where), "in a one-liner: "+found+" of "+where.String()+" ("+l+")"))
		case placeTemp:
		default:
			if recursive {
				out = append(out, hit(idRmRecursive, "in a one-liner: "+found+" of "+l+", not a temporary directory"))
			}
		}
	}
	if recursive && unknown {
		out = append(out, hit(idRmUnknownPath, "in a one-liner: "+found+" of a path known only at run time"))
	}
	return out
}

// writeCallNames are the interpreters' calls that write, move or link a
// file; openNames those that write only in a mode a literal gives.
var (
	writeCallNames = []string{
		"write_text", "write_bytes", "writeFile", "appendFile", "File.write", "IO.write", "copyfile", "shutil.copy",
		"shutil.move", "os.rename", "os.replace", "renameSync", "copyFileSync", "FileUtils.cp", "FileUtils.mv",
		"FileUtils.touch", "truncate", "symlink", "os.link", "Files.write", "createWriteStream",
	}
	openNames  = []string{"open(", "open ", "fopen", "File.new", "os.open", "openSync"}
	writeModes = []string{"w", "a", "x", "w+", "a+", "r+", "wb", "ab", "xb", "wt", "at", ">", ">>", "+<", "+>", "O_WRONLY", "O_RDWR"}
)

// writeCalls: a one-liner that writes and names, in a string literal, a
// secret or the guard's own files.
func writeCalls(code string, lits []item, pl permrule.Places) []Finding {
	found := firstName(code, writeCallNames)
	if found == "" {
		if firstName(code, openNames) == "" {
			return nil
		}
		for _, it := range lits {
			if contains(writeModes, it.text()) || strings.Contains(code, "O_WRONLY") || strings.Contains(code, "O_RDWR") {
				found = "open"
				break
			}
		}
		if found == "" {
			return nil
		}
	}
	for _, it := range lits {
		l := it.text()
		if l == "" || strings.Contains(l, hole) {
			continue
		}
		if f, ok := protectedWrite(l, pl, "written by "+found); ok {
			f.Why = "in a one-liner: " + f.Why
			return []Finding{f}
		}
	}
	return nil
}

// firstName is the first of names the code holds, "" for none.
func firstName(code string, names []string) string {
	for _, n := range names {
		if strings.Contains(code, n) {
			return strings.TrimRight(n, "( ")
		}
	}
	return ""
}
