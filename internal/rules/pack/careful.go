package pack

import (
	"strings"

	"github.com/hookexec/hookexec/internal/permrule"
	"github.com/hookexec/hookexec/internal/shellcmd"
)

// The checks below find what only hookexec:strict decides on: work that
// is everyday for some teams and a risk for careful ones.

// checkCareful: a download piped into another command, package
// publishing, a container given the host, infrastructure torn down, a
// secret named on the command line.
func checkCareful(name string, c shellcmd.Command, pl permrule.Places, show string) []Finding {
	args := c.Words[1:]
	var out []Finding
	if isDownloader(name) && c.Pipe {
		out = append(out, hit(idDownloadPiped, name+"'s download goes into a pipe: "+quote(show)))
	}
	if what, ok := publishes(name, args); ok {
		out = append(out, hit(idPublish, what+" publishes a package: "+quote(show)))
	}
	if why, ok := hostAccess(name, args); ok {
		out = append(out, hit(idContainerHost, why+": "+quote(show)))
	}
	if what, ok := tearsDown(name, args); ok {
		out = append(out, hit(idInfraDestroy, what+" deletes infrastructure: "+quote(show)))
	}
	if name != "echo" && name != "printf" {
		for _, w := range args {
			if w.Dynamic || w.Text == "" {
				continue
			}
			if f, ok := secretRead(w.Text, pl, "named by "+name); ok {
				out = append(out, f)
				break
			}
		}
	}
	return out
}

func isDownloader(name string) bool {
	switch name {
	case "curl", "wget", "fetch", "aria2c", "http", "https", "xh":
		return true
	}
	return false
}

// valueOptions are the global options of the tools below that take the
// next word as their value.
var valueOptions = []string{
	"-n", "--namespace", "--context", "--kubeconfig", "--cluster", "--user", "-s", "--server", "-H", "--host",
	"--config", "-c", "--prefix", "-w", "--workspace", "--registry", "--kube-context", "--cwd", "-C", "--manifest-path",
}

// subcommand is the first word of args that is neither an option nor
// the value of one, and the words after it.
func subcommand(args []shellcmd.Word) (string, []shellcmd.Word) {
	for i := 0; i < len(args); i++ {
		w := args[i]
		switch {
		case w.Dynamic:
			return "", nil
		case contains(valueOptions, w.Text):
			i++
		case !strings.HasPrefix(w.Text, "-"):
			return w.Text, args[i+1:]
		}
	}
	return "", nil
}

// publishes: npm, yarn, pnpm and bun publish, cargo publish, gem push,
// twine upload, poetry, flit, hatch and uv publish, dotnet nuget push,
// mvn deploy, gradle publish.
func publishes(name string, args []shellcmd.Word) (string, bool) {
	sub, rest := subcommand(args)
	switch name {
	case "npm", "pnpm", "bun", "cargo", "poetry", "flit", "hatch", "uv", "gradle", "./gradlew", "gradlew":
		if sub == "publish" {
			return name + " publish", true
		}
	case "yarn":
		if sub == "publish" || sub == "npm" && len(rest) > 0 && rest[0].Text == "publish" {
			return "yarn publish", true
		}
	case "gem":
		if sub == "push" {
			return "gem push", true
		}
	case "twine":
		if sub == "upload" {
			return "twine upload", true
		}
	case "dotnet":
		if sub == "nuget" && len(rest) > 0 && rest[0].Text == "push" {
			return "dotnet nuget push", true
		}
	case "mvn", "mvnw", "./mvnw":
		if hasWord(args, "deploy") {
			return "mvn deploy", true
		}
	}
	return "", false
}

// hostAccess: docker or podman run (or create) with --privileged, the
// host's process or user namespace, all capabilities or SYS_ADMIN, or a
// mount of / or of the docker socket.
func hostAccess(name string, args []shellcmd.Word) (string, bool) {
	if name != "docker" && name != "podman" && name != "nerdctl" {
		return "", false
	}
	sub, rest := subcommand(args)
	if sub == "container" {
		sub, rest = subcommand(rest)
	}
	if sub != "run" && sub != "create" && sub != "exec" {
		return "", false
	}
	for i, w := range rest {
		t := w.Text
		if w.Dynamic {
			continue
		}
		if t == "--" || !strings.HasPrefix(t, "-") && i > 0 && !strings.HasPrefix(rest[i-1].Text, "-") {
			break // the image and its command
		}
		value := ""
		if i+1 < len(rest) {
			value = rest[i+1].Text
		}
		opt, attached, hasAttached := strings.Cut(t, "=")
		if hasAttached {
			value = attached
		}
		switch opt {
		case "--privileged":
			return name + " " + sub + " --privileged gives the container the host", true
		case "--pid", "--userns", "--ipc", "--uts":
			if value == "host" {
				return name + " " + sub + " " + opt + "=host shares the host's namespace", true
			}
		case "--cap-add":
			if v := strings.ToUpper(value); v == "ALL" || v == "SYS_ADMIN" || v == "CAP_SYS_ADMIN" {
				return name + " " + sub + " --cap-add " + v + " gives the container the host", true
			}
		case "-v", "--volume", "--mount":
			if src, ok := mountSource(opt, value); ok && hostMount(src) {
				return name + " " + sub + " mounts " + src + " of the host", true
			}
		}
	}
	return "", false
}

// mountSource is the host path of -v SRC:DST[:opts] or --mount
// type=bind,source=SRC,....
func mountSource(opt, value string) (string, bool) {
	if opt != "--mount" {
		src, _, ok := strings.Cut(value, ":")
		return src, ok
	}
	for _, field := range strings.Split(value, ",") {
		k, v, _ := strings.Cut(field, "=")
		if k == "source" || k == "src" {
			return v, true
		}
	}
	return "", false
}

// hostMount: the root of the host, or a docker socket.
func hostMount(src string) bool {
	if src == "/" || src == "//" || src == "/." {
		return true
	}
	return strings.HasSuffix(src, "/docker.sock") || strings.HasSuffix(src, "/podman.sock")
}

// tearsDown: terraform, tofu or terragrunt destroy (and apply -destroy),
// pulumi destroy, kubectl delete, helm uninstall or delete, cdk destroy.
func tearsDown(name string, args []shellcmd.Word) (string, bool) {
	sub, _ := subcommand(args)
	switch name {
	case "terraform", "tofu", "terragrunt":
		if sub == "destroy" || sub == "apply" && (hasWord(args, "-destroy") || hasWord(args, "--destroy")) {
			return name + " destroy", true
		}
	case "pulumi", "cdk", "sst":
		if sub == "destroy" || sub == "remove" {
			return name + " " + sub, true
		}
	case "kubectl", "oc":
		if sub == "delete" {
			return name + " delete", true
		}
	case "helm":
		if sub == "uninstall" || sub == "delete" || sub == "del" || sub == "un" {
			return "helm " + sub, true
		}
	}
	return "", false
}
