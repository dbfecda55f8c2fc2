package main

import (
	"io"
	"strings"

	"github.com/hookexec/hookexec/internal/termstyle"
)

// flagColor is the root's --color: auto, always or never.
func flagColor() *value[termstyle.Mode] {
	return newValue("auto", func(s string) (termstyle.Mode, error) {
		m, err := termstyle.ParseMode(strings.TrimSpace(s))
		if err != nil {
			return m, invalid("%v", err)
		}
		return m, nil
	})
}

// style is how w is coloured under --color, NO_COLOR and TERM
// (termstyle.For). Only text reports meant for a person use it: never
// JSON, JUnit or fire's answer.
func (a *app) style(w io.Writer) termstyle.Style {
	mode := termstyle.Auto
	if a.color != nil {
		mode = a.color.v
	}
	return termstyle.For(w, mode, a.getenv)
}
