package main

import (
	"errors"
	"fmt"
	"io/fs"
	"path/filepath"

	"github.com/spf13/cobra"

	"github.com/hookexec/hookexec/internal/trust"
)

func (a *app) untrustCommand() *cobra.Command {
	return &cobra.Command{
		Use:   "untrust [DIR]",
		Short: "Forget that a project was trusted",
		Long: `Remove a project's entry, every trusted version of it, from the trust store
(SPEC §2.4): its hook files no longer run until it is trusted again. DIR
defaults to the project directory as fire resolves it; a directory that no
longer exists can be named too.`,
		Args: cobra.MaximumNArgs(1),
		RunE: func(cmd *cobra.Command, args []string) error {
			dir, err := a.projectArg(args)
			if err != nil {
				return err
			}
			root, err := trust.Canonical(dir)
			if errors.Is(err, fs.ErrNotExist) {
				// A project that is gone: its entry is keyed by the path it had.
				root, err = filepath.Abs(dir)
			}
			if err != nil {
				return err
			}
			store := trust.OpenStore(a.getenv)
			removed, err := store.Remove(root)
			if err != nil {
				return err
			}
			// The copies of its files go too, unless another trusted
			// project or version has the same content (trust.Blobs.Prune).
			if err := trust.BlobsOf(store).Prune(store); err != nil {
				fmt.Fprintf(a.stderr, "hookexec: warning: %v\n", err)
			}
			if removed {
				fmt.Fprintf(a.stdout, "untrusted %s\n", root)
			} else {
				fmt.Fprintf(a.stdout, "%s was not trusted\n", root)
			}
			return nil
		},
	}
}
