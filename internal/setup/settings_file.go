package setup

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
)

// settingsFile is a settings file as read from disk.
type settingsFile struct {
	// Path is the file as named; Real is where it is written (the target
	// when Path is a symbolic link, so that a dotfiles link stays one).
	Path, Real string
	Data       []byte
	Mode       fs.FileMode
	Exists     bool
}

// newFileMode is the mode of a settings file install creates.
const newFileMode fs.FileMode = 0o644

func readSettingsFile(path string) (*settingsFile, error) {
	f := &settingsFile{Path: path, Real: path, Mode: newFileMode}
	real, err := filepath.EvalSymlinks(path)
	switch {
	case errors.Is(err, fs.ErrNotExist):
		return f, nil
	case err != nil:
		return nil, fmt.Errorf("setup: %s: %w", path, err)
	}
	fi, err := os.Stat(real)
	if err != nil {
		return nil, fmt.Errorf("setup: %s: %w", path, err)
	}
	if !fi.Mode().IsRegular() {
		return nil, fmt.Errorf("setup: %s: not a regular file", path)
	}
	data, err := os.ReadFile(real)
	if err != nil {
		return nil, fmt.Errorf("setup: %w", err)
	}
	f.Real, f.Data, f.Mode, f.Exists = real, data, fi.Mode().Perm(), true
	return f, nil
}

// backupPath is where install keeps the file as it was before hookexec's
// entries were added.
func backupPath(path string) string { return path + ".before-hookexec" }

// writeAtomic replaces path with data: a temporary file in the same
// directory, then a rename, so that the agent never reads half a file.
func writeAtomic(path string, data []byte, mode fs.FileMode) error {
	dir := filepath.Dir(path)
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return fmt.Errorf("setup: %w", err)
	}
	tmp, err := os.CreateTemp(dir, "."+filepath.Base(path)+".*.tmp")
	if err != nil {
		return fmt.Errorf("setup: %w", err)
	}
	defer func() { _ = os.Remove(tmp.Name()) }() // after a successful rename there is nothing left to remove
	if _, err := tmp.Write(data); err != nil {
		_ = tmp.Close()
		return fmt.Errorf("setup: writing %s: %w", path, err)
	}
	if err := tmp.Chmod(mode); err != nil {
		_ = tmp.Close()
		return fmt.Errorf("setup: %w", err)
	}
	if err := tmp.Sync(); err != nil {
		_ = tmp.Close()
		return fmt.Errorf("setup: writing %s: %w", path, err)
	}
	if err := tmp.Close(); err != nil {
		return fmt.Errorf("setup: writing %s: %w", path, err)
	}
	if err := os.Rename(tmp.Name(), path); err != nil {
		return fmt.Errorf("setup: %w", err)
	}
	return nil
}

// writeInstall writes the settings file install merged (and its backup),
// or with dryRun only says what it would write.
func writeInstall(res *InstallResult, f *settingsFile, m mergeResult, mode fs.FileMode, dryRun bool) error {
	if f.Exists {
		// The backup is the file without hookexec: written when the file
		// has none of install's entries yet. A file with them and no backup
		// (install created it) gets none: uninstall takes the entries out,
		// and removes the file when nothing else is left.
		res.BackupWritten = !m.HadManaged
		if _, err := os.Lstat(backupPath(f.Real)); err == nil || res.BackupWritten {
			res.Backup = backupPath(f.Real)
		}
	}
	if dryRun {
		return nil
	}
	if res.BackupWritten {
		if err := writeAtomic(res.Backup, f.Data, f.Mode); err != nil {
			return err
		}
	}
	return writeAtomic(f.Real, m.Data, mode)
}
