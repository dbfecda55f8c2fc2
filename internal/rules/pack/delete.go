package pack

import (
	"strings"

	"github.com/hookexec/hookexec/internal/permrule"
	"github.com/hookexec/hookexec/internal/shellcmd"
)

// checkRm: a recursive or forced delete of the root, the home directory
// and what is in it, a system directory; a recursive delete of the
// project root; a recursive and forced delete of a path outside the
// project or one known only at run time. Any delete of a secret or of the
// guard's own files. For hookexec:strict, a recursive delete of anything
// but a temporary directory.
func checkRm(name string, args []shellcmd.Word, from string, pl permrule.Places, command, show string) []Finding {
	short, long, operands := flags(args)
	recursive := strings.ContainsAny(short, "rR") || hasLong(long, "--recursive") || name == "rmdir"
	force := strings.Contains(short, "f") || hasLong(long, "--force")
	var out []Finding
	for _, w := range operands {
		if !w.Dynamic {
			if f, ok := protectedWrite(w.Text, pl, "deleted by "+name); ok {
				out = append(out, f)
				continue
			}
		}
		if !recursive && !force {
			continue
		}
		where := locate(w, pl, command)
		if recursive && name == "rm" && where != placeTemp {
			out = append(out, hit(idRmRecursive, "a recursive delete of "+w.Text+", not a temporary directory: "+quote(show)))
		}
		bad := false
		switch where {
		case placeRoot, placeHome, placeSystem:
			bad = true
		case placeProjectRoot:
			bad = recursive
		case placeOutside, placeUnknown:
			bad = recursive && force
		}
		if bad {
			out = append(out, hit(rmCheck(where), rmWhat(recursive, force)+" of "+where.String()+" ("+w.Text+"): "+quote(show)))
		}
	}
	if len(operands) == 0 && recursive && force && (from == "xargs" || from == "parallel") {
		out = append(out, hit(idRmUnknownPath, rmWhat(recursive, force)+" of paths "+from+" reads: "+quote(show)))
	}
	if hasLong(long, "--no-preserve-root") {
		out = append(out, hit(idRmRoot, "rm --no-preserve-root: "+quote(show)))
	}
	return out
}

// rmCheck is the check that finds a delete of a path in the place.
func rmCheck(where place) string {
	switch where {
	case placeRoot:
		return idRmRoot
	case placeHome:
		return idRmHome
	case placeSystem:
		return idRmSystem
	case placeProjectRoot:
		return idRmProjectRoot
	case placeOutside:
		return idRmOutside
	}
	return idRmUnknownPath
}

func rmWhat(recursive, force bool) string {
	switch {
	case recursive && force:
		return "a recursive, forced delete"
	case recursive:
		return "a recursive delete"
	}
	return "a forced delete"
}

// findValueOption: find's tests and actions that take a value.
func findValueOption(t string) bool {
	switch t {
	case "-name", "-iname", "-path", "-ipath", "-wholename", "-iwholename",
		"-regex", "-iregex", "-lname", "-ilname", "-type", "-xtype",
		"-newer", "-anewer", "-cnewer", "-user", "-group", "-perm",
		"-size", "-mtime", "-atime", "-ctime", "-mmin", "-amin",
		"-cmin", "-maxdepth", "-mindepth", "-printf", "-fprint", "-fprint0",
		"-samefile", "-inum", "-links", "-uid", "-gid", "-fstype",
		"-context", "-used", "-regextype", "-files0-from":
		return true
	}
	return false
}

// checkFind: -delete as an action (not the value of -name, not a word
// of -exec's command). -exec's commands are checked on their own.
func checkFind(args []shellcmd.Word, pl permrule.Places, show string) []Finding {
	for i := 0; i < len(args); i++ {
		t := args[i].Text
		switch {
		case args[i].Dynamic:
		case findValueOption(t):
			i++
		case t == "-exec" || t == "-execdir" || t == "-ok" || t == "-okdir":
			for i++; i < len(args) && (args[i].Dynamic || args[i].Text != ";" && args[i].Text != "+"); i++ {
			}
		case t == "-delete":
			return []Finding{hit(idFindDelete, "find -delete deletes every file it finds: "+quote(show))}
		}
	}
	return nil
}

// checkDd: dd writing to a device.
func checkDd(args []shellcmd.Word, show string) []Finding {
	for _, w := range args {
		if of, ok := strings.CutPrefix(w.Text, "of="); ok && (w.Dynamic || isDevice(of)) {
			return []Finding{hit(idDdDevice, "dd writes to a device: "+quote(show))}
		}
	}
	return nil
}

// isDevice: a device file other than the harmless ones.
func isDevice(p string) bool {
	if !strings.HasPrefix(p, "/dev/") {
		return false
	}
	switch p {
	case "/dev/null", "/dev/stdout", "/dev/stderr", "/dev/zero", "/dev/tty", "/dev/fd/1", "/dev/fd/2":
		return false
	}
	return true
}

// checkShred: shred of a device, or of a file outside the project.
func checkShred(args []shellcmd.Word, pl permrule.Places, show string) []Finding {
	_, _, operands := flags(args)
	for _, w := range operands {
		if w.Dynamic || isDevice(w.Text) {
			return []Finding{hit(idShredDevice, "shred overwrites a device: "+quote(show))}
		}
	}
	return nil
}

// checkChmod: a mode that makes files writable by everyone.
func checkChmod(args []shellcmd.Word, show string) []Finding {
	_, _, operands := flags(args)
	if len(operands) == 0 || operands[0].Dynamic {
		return nil
	}
	if worldWritable(operands[0].Text) {
		return []Finding{hit(idChmod, "chmod makes files writable by everyone: "+quote(show))}
	}
	return nil
}

func worldWritable(mode string) bool {
	if mode != "" && strings.Trim(mode, "01234567") == "" {
		last := mode[len(mode)-1]
		return len(mode) >= 3 && (last == '2' || last == '3' || last == '6' || last == '7')
	}
	for _, clause := range strings.Split(mode, ",") {
		who, perm, ok := strings.Cut(clause, "+")
		if !ok {
			who, perm, ok = strings.Cut(clause, "=")
		}
		if ok && strings.ContainsAny(who, "oa") && strings.Contains(perm, "w") {
			return true
		}
	}
	return false
}
