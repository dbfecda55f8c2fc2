package registry

// WarningLines renders the registry's skipped entries as the verdict and
// `plan` show them: "file:line:col: message".
func (r *Registry) WarningLines() []string {
	var out []string
	for _, d := range r.Warnings {
		out = append(out, d.Line())
	}
	return out
}
