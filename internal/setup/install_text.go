package setup

import (
	"fmt"
	"io"
	"strings"
)

// WriteText prints what install changed, or with dryRun what it would
// change followed by the file's new content.
func (r *InstallResult) WriteText(w io.Writer, dryRun bool) error {
	var b strings.Builder
	for _, warn := range r.Warnings {
		fmt.Fprintf(&b, "warning: %s\n", warn)
	}
	switch {
	case !r.Changed:
		fmt.Fprintf(&b, "%s: already installed, nothing changed\n", r.Path)
	default:
		verb := map[bool]string{false: "updated", true: "would update"}[dryRun]
		if r.Created {
			verb = map[bool]string{false: "created", true: "would create"}[dryRun]
		}
		fmt.Fprintf(&b, "%s: %s\n", r.Path, verb)
		if len(r.Added) > 0 {
			fmt.Fprintf(&b, "  events added: %s\n", strings.Join(r.Added, ", "))
		}
		if len(r.Updated) > 0 {
			fmt.Fprintf(&b, "  events updated: %s\n", strings.Join(r.Updated, ", "))
		}
		switch {
		case r.Backup == "":
		case r.BackupWritten && dryRun:
			fmt.Fprintf(&b, "  backup would be: %s\n", r.Backup)
		case r.BackupWritten:
			fmt.Fprintf(&b, "  backup: %s\n", r.Backup)
		default:
			fmt.Fprintf(&b, "  backup (from before hookexec was installed): %s\n", r.Backup)
		}
		r.writeHTTP(&b, dryRun)
		if dryRun {
			data := string(r.Data)
			if r.Secret != "" {
				data = strings.ReplaceAll(data, r.Secret, "<the serve token>")
			}
			fmt.Fprintf(&b, "--- new content (nothing written) ---\n%s", data)
		}
	}
	for _, l := range r.Enabled {
		fmt.Fprintf(&b, "  %s\n", l)
	}
	for _, l := range r.Moved {
		fmt.Fprintf(&b, "  %s\n", l)
	}
	for _, l := range r.Notes {
		fmt.Fprintf(&b, "note: %s\n", l)
	}
	_, err := io.WriteString(w, b.String())
	return err
}

// writeHTTP says what install --http did besides the entries.
func (r *InstallResult) writeHTTP(b *strings.Builder, dryRun bool) {
	if r.Addr == "" {
		return
	}
	fmt.Fprintf(b, "  http entries call hookexec serve --http %s; SessionStart starts it (hookexec serve --http %s --ensure)\n", r.Addr, r.Addr)
	if len(r.CommandOnly) > 0 {
		fmt.Fprintf(b, "  kept a command entry for %s: the agent runs no http hook there\n", strings.Join(r.CommandOnly, ", "))
	}
	fmt.Fprintf(b, "  the serve token is in the file's env block (%s)\n", TokenVar)
	if r.Private {
		verb := map[bool]string{false: "made", true: "would make"}[dryRun]
		fmt.Fprintf(b, "  %s the file readable by you only (mode 0600): it holds the token\n", verb)
	}
}

// WriteText prints what uninstall removed.
func (r *UninstallResult) WriteText(w io.Writer) error {
	var b strings.Builder
	switch {
	case r.Missing:
		fmt.Fprintf(&b, "%s: no such file, nothing to remove\n", r.Path)
	case len(r.Removed) == 0:
		fmt.Fprintf(&b, "%s: no hookexec entries, nothing changed\n", r.Path)
	default:
		fmt.Fprintf(&b, "%s: removed hookexec from %s\n", r.Path, strings.Join(r.Removed, ", "))
		switch {
		case r.Restored:
			fmt.Fprintf(&b, "  the file is as it was before install (its backup, now removed)\n")
		case r.Deleted:
			fmt.Fprintf(&b, "  install had created the file; removed it\n")
		case r.BackupKept != "":
			fmt.Fprintf(&b, "  the file changed since install, so its backup is kept: %s\n", r.BackupKept)
		}
	}
	for _, l := range r.Disabled {
		fmt.Fprintf(&b, "  %s\n", l)
	}
	for _, l := range r.Left {
		fmt.Fprintf(&b, "  left in place (your own hookexec entry): %s\n", l)
	}
	if _, err := io.WriteString(w, b.String()); err != nil {
		return err
	}
	if r.Local != nil && !r.Local.Missing {
		return r.Local.WriteText(w)
	}
	return nil
}
