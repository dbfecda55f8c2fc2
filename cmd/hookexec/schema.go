package main

import (
	"github.com/spf13/cobra"

	"github.com/hookexec/hookexec/schema"
)

func (a *app) schemaCommand() *cobra.Command {
	var output string
	cmd := &cobra.Command{
		Use:   "schema",
		Short: "Print the JSON Schema of hook config files",
		Long: `Print the JSON Schema (draft-07) of hookexec config files, the one in the
repository's schema/hooks.schema.json, on stdout or into --output FILE.
Point an editor at the file with a "$schema" key in the config:

  hookexec schema --output .hookexec/hooks.schema.json
  {"$schema": "./hooks.schema.json", "hooks": {...}}

A file written under .hookexec/ is a project file like any other: trust the
project again after writing it.`,
		Args: cobra.NoArgs,
		RunE: func(cmd *cobra.Command, _ []string) error {
			if output == "" || output == "-" {
				_, err := a.stdout.Write(schema.JSON())
				return err
			}
			return schema.WriteFile(output)
		},
	}
	cmd.Flags().StringVarP(&output, "output", "o", "", "write the schema to this file instead of stdout (replaced if it exists; never through a symbolic link)")
	return cmd
}
