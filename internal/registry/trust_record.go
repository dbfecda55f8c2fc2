package registry

import "github.com/hookexec/hookexec/internal/trust"

// HasProjectFiles reports whether the review pins any file under the
// project's .hookexec/ directory: without one there is nothing to trust.
func (r *Review) HasProjectFiles() bool {
	for p := range r.Pins {
		if trust.InDir(p) {
			return true
		}
	}
	return false
}

// Trust records version v of the reviewed project in store (SPEC §2.4),
// then keeps the copies of the files its hooks execute, which fire runs
// instead of the working tree's, and drops the
// copies no trusted version pins any more. A file that changed since the
// review read it is not copied: fire then refuses to run it as trusted
// (trust.Copies.For). Problems with the copies come back as warnings: the
// trust stands.
func (r *Review) Trust(store trust.Store, v trust.Version) (warnings []error, err error) {
	if _, err := store.Add(r.Root, v); err != nil {
		return nil, err
	}
	blobs := trust.BlobsOf(store)
	warnings = blobs.KeepAll(r.Root, r.Pins, r.Exec)
	if err := blobs.Prune(store); err != nil {
		warnings = append(warnings, err)
	}
	return warnings, nil
}
