package schema

import (
	"bytes"
	_ "embed"
)

//go:embed hooks.schema.json
var hooksSchema []byte

// JSON returns hooks.schema.json as it is in the repository (a copy: the
// caller may keep or change it).
func JSON() []byte { return bytes.Clone(hooksSchema) }
