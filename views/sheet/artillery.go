package sheet

import (
	"fmt"

	"muster/costing"
	"muster/roster"
	"muster/rules"
)

// Artillery is an on-board artillery piece on a sheet of Muster's: the book prints no
// record sheet for artillery (Chapter Eleven gives each piece's numbers in its text), so
// the sheet says so, and gives the numbers the table needs and the cost lines as costing
// reckons them.
type Artillery struct {
	Name, Piece string
	Count       int
	// Known: the catalogue has the piece (a name it does not know leaves the numbers blank).
	Known                          bool
	Skill                          string
	Crew, BodyStrength, BodyPoints int
	Damage                         int
	MinRange                       string
	FireRate                       string
	FireControl                    int
	Blast                          string
	Notes, Source                  string
	Lines                          []costing.Line
}

func buildArtillery(c *rules.Catalog, u *roster.Unit, b costing.Breakdown) *Artillery {
	a := &Artillery{Name: b.Name, Piece: u.Artillery, Count: max(u.Count, 1), Lines: b.Lines}
	p, err := c.ArtilleryPiece(u.Artillery)
	if err != nil {
		return a
	}
	a.Known, a.Piece = true, p.Name
	a.Skill, a.Crew, a.BodyStrength, a.BodyPoints = titleCase(p.Skill), p.Crew, p.BodyStrength, p.BodyPoints
	a.Damage, a.FireRate, a.FireControl = p.Damage, p.FireRate, p.FireControl
	if p.MinRange > 0 {
		a.MinRange = fmt.Sprintf("%d\"", p.MinRange)
	}
	if p.BlastRadius > 0 {
		a.Blast = Inches(p.BlastRadius) + "\" radius"
	}
	a.Notes, a.Source = p.Notes, p.Source
	return a
}
