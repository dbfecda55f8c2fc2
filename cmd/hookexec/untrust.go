package main

import (
	"fmt"

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
			root, err := trust.EntryRoot(dir)
			if err != nil {
				return err
			}
			store := trust.OpenStore(a.getenv)
			if cmd.Flags().Changed("version") {
				revoked, left, warning, err := store.Revoke(root, version)
				if err != nil {
					return err
				}
				a.warn(warning)
				_, err = fmt.Fprintf(a.stdout, "revoked the version of %s trusted at %s (%s); %d trusted versions left\n",
					root, trust.Stamp(revoked.TrustedAt), revoked.Hash, left)
				return stdoutError(err)
			}
			removed, warning, err := store.Untrust(root)
			if err != nil {
				return err
			}
			a.warn(warning)
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

// warn prints a warning that does not change the outcome (nil: nothing).
func (a *app) warn(err error) {
	if err != nil {
		fmt.Fprintf(a.stderr, "hookexec: warning: %v\n", err)
	}
}
