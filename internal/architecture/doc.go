// Package architecture holds the test that keeps the map of the tree
// (docs/development/architecture.md) true: every package is on it, every
// package on it exists, and each imports only the packages of ours that
// its row allows, all of them listed above it. It has no code of its own.
package architecture
