package views

import (
	"fmt"
	"strings"

	"muster/costing"
	"muster/views/sheet"
)

// Paper sizes the record sheets print on.
const (
	PaperA4     = "a4"
	PaperLetter = "letter"
)

// SheetsView is the printable record sheets of an army: the roster page and one sheet per
// unit, one sheet a page.
type SheetsView struct {
	Doc   *sheet.Document
	Paper string // PaperA4 or PaperLetter
	// CSS, when set, is inlined in the page (the PDF and `muster sheet --html` make a file
	// that stands alone); otherwise the page links the stylesheets under /static/, as the
	// app's CSP requires.
	CSS string
	// Base, when set, is the army's address as the reader reached it ("/armies/{id}" for
	// its owner, "/share/{token}" through a share link): it gives the screen-only toolbar
	// its links (the web app's print view), so a share link's reader can switch paper and
	// download the PDF as the owner can, without leaving the link.
	Base string
}

// PaperCSS is the stylesheet that sets the page size: static/paper-a4.css or
// static/paper-letter.css.
func PaperCSS(paper string) string {
	if paper == PaperLetter {
		return "paper-letter.css"
	}
	return "paper-a4.css"
}

func paperLabel(paper string) string {
	if paper == PaperLetter {
		return "US Letter"
	}
	return "A4"
}

// padWeapons gives a "Weapon(s) Carried" box at least n lines, blank ones last.
func padWeapons(rows []sheet.WeaponRow, n int) []sheet.WeaponRow {
	out := append([]sheet.WeaponRow(nil), rows...)
	for len(out) < n {
		out = append(out, sheet.WeaponRow{})
	}
	return out
}

// padItems gives an equipment box at least n lines.
func padItems(rows []sheet.ItemRow, n int) []sheet.ItemRow {
	out := append([]sheet.ItemRow(nil), rows...)
	for len(out) < n {
		out = append(out, sheet.ItemRow{})
	}
	return out
}

// padPowers gives the Force Powers box its eleven lines.
func padPowers(rows []sheet.Power, n int) []sheet.Power {
	out := append([]sheet.Power(nil), rows...)
	for len(out) < n {
		out = append(out, sheet.Power{})
	}
	return out
}

// padSkills gives a commander's or specialist's line at least one skill line.
func padSkills(rows []sheet.SkillRow, n int) []sheet.SkillRow {
	out := append([]sheet.SkillRow(nil), rows...)
	for len(out) < n {
		out = append(out, sheet.SkillRow{})
	}
	return out
}

// capText is a Trng or Spec box's text ("" on rows that have no such box).
func capText(c *sheet.Cap) string {
	if c == nil {
		return ""
	}
	return c.String()
}

// attrBlocks picks the attribute blocks of a column of the Hero Record Sheet.
func attrBlocks(bs []sheet.AttrBlock, from, to int) []sheet.AttrBlock {
	if to > len(bs) {
		to = len(bs)
	}
	if from > to {
		return nil
	}
	return bs[from:to]
}

func attrLabel(b sheet.AttrBlock) string { return string(b.Attr) + ":" }

func adjText(n sheet.Num) string {
	if !n.OK {
		return ""
	}
	return "(" + n.String() + ")"
}

func weaponClass(r sheet.WeaponRow) string {
	if r.Name == "" {
		return "weapon blank"
	}
	return "weapon"
}

func skillClass(r sheet.SkillRow) string {
	if r.Label == "" {
		return "skill blank"
	}
	return "skill"
}

func rowClass(base string, blank bool) string {
	if blank {
		return base + " blank"
	}
	return base
}

func boxClass(out bool) string {
	if out {
		return "mbox out"
	}
	return "mbox"
}

// powerBox is a Force power's C, S or A box: blacked out when the skill does not affect
// the power.
func powerBox(p sheet.Power, used bool) string {
	if p.Name == "" || used {
		return "pbox"
	}
	return "pbox out"
}

func sheetCount(d *sheet.Document) string {
	return plural(len(d.Sheets), "record sheet", "record sheets")
}

func spanText(n int) string { return fmt.Sprint(n) }

// unitStatusText points a sheet with problems at the roster, where they are listed.
func unitStatusText(s sheet.Sheet) string {
	var parts []string
	if s.Errors > 0 {
		parts = append(parts, plural(s.Errors, "error", "errors"))
	}
	if s.Warnings > 0 {
		parts = append(parts, plural(s.Warnings, "warning", "warnings"))
	}
	if len(parts) == 0 {
		return ""
	}
	return "This unit has " + strings.Join(parts, " and ") + ": see the army roster."
}

func rosterLimit(r sheet.Roster) string {
	if r.Limit > 0 {
		return fmt.Sprintf("%d of %d SGPs", r.Total, r.Limit)
	}
	return fmt.Sprintf("%d SGPs", r.Total)
}

func sheetsTitle(d *sheet.Document) string { return d.Name + ": record sheets · Muster" }

func sheetsURL(base, paper string) string {
	return base + "/sheets?paper=" + paper
}

func pdfURL(base, paper string) string {
	return base + "/sheets.pdf?paper=" + paper
}

func warningsSuffix(n int) string {
	if n == 0 {
		return ""
	}
	return ", " + plural(n, "warning", "warnings")
}

// padOther gives the "Other costs" line at least one line.
func padOther(lines []costing.Line) []costing.Line {
	if len(lines) == 0 {
		return []costing.Line{{}}
	}
	return lines
}

func otherCost(l costing.Line) string {
	if l.Label == "" {
		return ""
	}
	return itoa(l.SGP)
}

func joinLines(lines []string) string { return strings.Join(lines, "; ") }

// strCost is the creature's STR as its cost counts it: armored skin included.
func strCost(c *sheet.Creature) sheet.Num {
	if c.ArmoredSTR.OK {
		return c.ArmoredSTR
	}
	return c.STR
}

// padAttacks gives the Attack Forms box at least n lines.
func padAttacks(rows []sheet.Attack, n int) []sheet.Attack {
	out := append([]sheet.Attack(nil), rows...)
	for len(out) < n {
		out = append(out, sheet.Attack{})
	}
	return out
}
