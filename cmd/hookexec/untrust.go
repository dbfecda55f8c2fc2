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
	var version string
	cmd := &cobra.Command{
		Use:   "untrust [DIR]",
		Short: "Forget that a project was trusted",
		Long: `Remove a project's entry, every trusted version of it, from the trust store
(SPEC §2.4): its hook files no longer run until it is trusted again. DIR
defaults to the project directory as fire resolves it; a directory that no
longer exists can be named too.

  --version N   revoke one trusted version and keep the others: N is its
                number in 'hookexec trust --list' (1 is the newest) or its
                hash (sha256: and at least 8 hex digits). When the project
                is at that version now, it is untrusted at once.`,
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
			if cmd.Flags().Changed("version") {
				return a.untrustVersion(store, root, version)
			}
			removed, err := store.Remove(root)
			if err != nil {
				return err
			}
			a.pruneCopies(store)
			if removed {
				_, err = fmt.Fprintf(a.stdout, "untrusted %s\n", root)
			} else {
				_, err = fmt.Fprintf(a.stdout, "%s was not trusted\n", root)
			}
			return stdoutError(err)
		},
	}
	cmd.Flags().StringVar(&version, "version", "", "revoke only this trusted version (its number in 'trust --list', or sha256:<hash prefix>)")
	return cmd
}

// untrustVersion revokes the version sel names and keeps the others.
func (a *app) untrustVersion(store trust.Store, root, sel string) error {
	e, err := store.Load(root)
	if err != nil {
		return err
	}
	if e == nil {
		return fmt.Errorf("%s is not trusted", root)
	}
	v, err := e.Select(sel)
	if err != nil {
		return err
	}
	revoked := *v
	left, err := store.RemoveVersion(root, revoked.Hash)
	if err != nil {
		return err
	}
	a.pruneCopies(store)
	_, err = fmt.Fprintf(a.stdout, "revoked the version of %s trusted at %s (%s); %d trusted versions left\n",
		root, stamp(revoked.TrustedAt), revoked.Hash, left)
	return stdoutError(err)
}

// pruneCopies removes the trusted copies of files that no trusted project
// or version pins any more (trust.Blobs.Prune): a revoked version's go too,
// unless another has the same content.
func (a *app) pruneCopies(store trust.Store) {
	if err := trust.BlobsOf(store).Prune(store); err != nil {
		fmt.Fprintf(a.stderr, "hookexec: warning: %v\n", err)
	}
}
