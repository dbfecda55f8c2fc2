package main

import (
	"testing"

	"github.com/stretchr/testify/assert"

	"github.com/hookexec/hookexec/internal/server"
	"github.com/hookexec/hookexec/internal/setup"
)

// install --http writes the header the server reads the project directory
// from: setup cannot import the server, so the two names are checked here.
func TestInstallHTTPHeaderIsTheServers(t *testing.T) {
	t.Parallel()
	assert.Equal(t, server.ProjectDirHeader, setup.ProjectDirHeader)
}
