// Package schema holds hooks.schema.json, the JSON Schema of hookexec
// config files (for editors and CI), embedded for `hookexec schema` (JSON, WriteFile), and
// the tests that keep it in step with the event catalogue and with
// `hookexec validate`.
package schema
