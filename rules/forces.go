package rules

import (
	"embed"
	"io/fs"
	"path"
)

// The book's printed forces as army files (format 1): the worked examples of Chapters Eight,
// Twelve, Thirteen and Fourteen, the introductory scenario, the two Advanced Game scenarios,
// and the Creature and Droid Charts. Each carries the totals the book prints (printed:).
//
//go:embed data/forces/*.yaml
var forcesFS embed.FS

// BookForce is one of the book's forces: its file name and the army file.
type BookForce struct {
	File string
	Data []byte
}

// BookForces lists the book's forces by file name.
func BookForces() []BookForce {
	names, _ := fs.Glob(forcesFS, "data/forces/*.yaml")
	out := make([]BookForce, 0, len(names))
	for _, n := range names {
		data, _ := forcesFS.ReadFile(n)
		out = append(out, BookForce{File: path.Base(n), Data: data})
	}
	return out
}

// BookForceFile returns the army file of one of the book's forces by its file name.
func BookForceFile(file string) ([]byte, bool) {
	for _, f := range BookForces() {
		if f.File == file {
			return f.Data, true
		}
	}
	return nil, false
}
