package casefile

import "github.com/hookexec/hookexec/internal/registry"

// InlineConfigs is a registry.CaseConfigs: the inline configs of the case
// file at path and the config files it names, for a project's review to
// show the hooks `hookexec test` would run (registry.ReviewWithCases).
func InlineConfigs(path string, data []byte) ([]registry.CaseConfig, error) {
	cases, err := Parse(path, data)
	if err != nil {
		return nil, err
	}
	var out []registry.CaseConfig
	for _, c := range cases {
		d, err := registry.ParseDialect(c.Dialect)
		if err != nil {
			return nil, err
		}
		if c.Inline != nil {
			out = append(out, registry.CaseConfig{Case: c.Name, Data: c.Inline, Dialect: d})
		}
		for _, f := range c.Configs {
			out = append(out, registry.CaseConfig{Case: c.Name, File: f, Dialect: d})
		}
	}
	return out, nil
}
