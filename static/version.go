package static

import (
	"crypto/sha256"
	"encoding/hex"
	"io/fs"
	"sync"
)

// The pages link each asset with its content's hash in the address (/static/app.js?v=…):
// a release that changes a file changes its address, so a browser never keeps an old
// app.js beside a new page, and the versioned address can be cached for good.

// versionLen is how many hex digits of the SHA-256 the address carries: 48 bits, plenty
// to tell a release's file from the one before it.
const versionLen = 12

// Versions is each file's content version in fsys: the first hex digits of its SHA-256.
func Versions(fsys fs.FS) (map[string]string, error) {
	out := map[string]string{}
	err := fs.WalkDir(fsys, ".", func(name string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		b, err := fs.ReadFile(fsys, name)
		if err != nil {
			return err
		}
		sum := sha256.Sum256(b)
		out[name] = hex.EncodeToString(sum[:])[:versionLen]
		return nil
	})
	return out, err
}

// embedded is the versions of the embedded files, computed once: they cannot change while
// the binary runs. The embedded FS always reads, so the error is impossible.
var embedded = sync.OnceValue(func() map[string]string {
	v, _ := Versions(FS)
	return v
})

// Version is the embedded file's content version ("" for a file that is not embedded).
func Version(name string) string { return embedded()[name] }

// URL is the address a page links the embedded file by, carrying its content version.
func URL(name string) string {
	if v := Version(name); v != "" {
		return "/static/" + name + "?v=" + v
	}
	return "/static/" + name
}
