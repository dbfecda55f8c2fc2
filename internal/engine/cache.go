package engine

import (
	"os"
	"slices"
	"sync"
	"time"

	"github.com/hookexec/hookexec/internal/registry"
)

// maxCached bounds the registries kept, one per project directory.
const maxCached = 64

// Cache loads the registry for a project directory once, and again when
// a stat (existence, size, mtime, mode, inode) of one of the files and
// directories the load depends on (registry.WatchPaths: the config files,
// the discovery directories, the trust store) has changed. A load error
// is kept as well, and returned until the files change. Before each
// request it also decides trust again (registry.TrustChanged): a change to
// any pinned file, which the stats above do not cover, loads again, so
// that serve runs what a one-shot fire would (SPEC §2.4). It is serve's
// option of the one load path (Request.Cache): one Cache serves one set
// of options but for ProjectDir, which keys it.
type Cache struct {
	mu    sync.Mutex
	cache map[string]*loadedRegistry
}

type loadedRegistry struct {
	stamps []stamp
	reg    *registry.Registry
	err    error
}

// stamp is what is compared of one path.
type stamp struct {
	path  string
	info  os.FileInfo // nil: it does not exist (or cannot be stat'ed)
	err   string
	mtime time.Time
}

func stampOf(path string) stamp {
	fi, err := os.Stat(path)
	if err != nil {
		if os.IsNotExist(err) {
			return stamp{path: path}
		}
		return stamp{path: path, err: err.Error()}
	}
	return stamp{path: path, info: fi, mtime: fi.ModTime()}
}

func (s stamp) same(t stamp) bool {
	if s.path != t.path || s.err != t.err || (s.info == nil) != (t.info == nil) {
		return false
	}
	if s.info == nil {
		return true
	}
	return s.info.Size() == t.info.Size() && s.mtime.Equal(t.mtime) &&
		s.info.Mode() == t.info.Mode() && os.SameFile(s.info, t.info)
}

// Registry returns the registry for opts.ProjectDir, loading it when it
// was never loaded or its files changed. The trust decision is part of the
// load, so a change to the trust store takes effect on the next request.
func (l *Cache) Registry(opts registry.Options) (*registry.Registry, error) {
	projectDir := opts.ProjectDir
	// Stat before loading: a change during the load is seen next time.
	paths, err := registry.WatchPaths(opts)
	if err != nil {
		return nil, err
	}
	stamps := make([]stamp, len(paths))
	for i, p := range paths {
		stamps[i] = stampOf(p)
	}
	l.mu.Lock()
	c := l.cache[projectDir]
	l.mu.Unlock()
	if c != nil && slices.EqualFunc(c.stamps, stamps, stamp.same) && !registry.TrustChanged(c.reg, opts) {
		return c.reg, c.err
	}
	reg, err := registry.Load(opts)
	l.mu.Lock()
	defer l.mu.Unlock()
	if l.cache == nil || len(l.cache) >= maxCached {
		l.cache = make(map[string]*loadedRegistry)
	}
	l.cache[projectDir] = &loadedRegistry{stamps: stamps, reg: reg, err: err}
	return reg, err
}
