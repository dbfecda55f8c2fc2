package agent

// StringOf is the first of keys whose value in m is a non-empty string;
// "" when none is (m may be nil). The agents' payload readers share it.
func StringOf(m map[string]any, keys ...string) string {
	for _, k := range keys {
		if s, ok := m[k].(string); ok && s != "" {
			return s
		}
	}
	return ""
}

// PathsOf are the non-empty strings among m's values at keys, in order:
// the files a tool's input names.
func PathsOf(m map[string]any, keys ...string) []string {
	var out []string
	for _, k := range keys {
		if s, ok := m[k].(string); ok && s != "" {
			out = append(out, s)
		}
	}
	return out
}

// NewStrings is the text a list of edits ({old_string, new_string}
// objects, as Cursor and Windsurf send them) puts into a file: the
// new_string values, one per line; "" for anything else.
func NewStrings(edits any) string {
	list, _ := edits.([]any)
	var out string
	for _, e := range list {
		m, _ := e.(map[string]any)
		if s := StringOf(m, "new_string"); s != "" {
			if out != "" {
				out += "\n"
			}
			out += s
		}
	}
	return out
}

// NonEmpty are the non-empty strings of ss, in order; nil when none is.
func NonEmpty(ss ...string) []string {
	var out []string
	for _, s := range ss {
		if s != "" {
			out = append(out, s)
		}
	}
	return out
}
