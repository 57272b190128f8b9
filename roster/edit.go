package roster

import (
	"fmt"
	"maps"
	"slices"
	"strings"

	"muster/rules"
)

// The editor's changes to an army's list of units: add, duplicate, remove and move one. Each
// says what it did in the words a version's note keeps ("duplicated squad Stormtrooper").

// AddUnit appends the unit the "add a unit" picker names ("squad|Stormtrooper"), started as
// NewUnit starts it, and returns its index.
func (a *Army) AddUnit(cat *rules.Catalog, pick string) (int, error) {
	kind, name, _ := strings.Cut(pick, "|")
	u, err := NewUnit(cat, kind, name)
	if err != nil {
		return -1, err
	}
	a.Units = append(a.Units, u)
	return len(a.Units) - 1, nil
}

// DuplicateUnit puts a deep copy of unit i just after it (a named unit's copy is named
// "... (copy)") and returns the copy's index.
func (a *Army) DuplicateUnit(i int) (int, error) {
	if err := a.unitIndex(i); err != nil {
		return -1, err
	}
	u := CloneUnit(a.Units[i])
	if u.Name != "" {
		u.Name = CopyName(u.Name)
	}
	a.Units = slices.Insert(a.Units, i+1, u)
	return i + 1, nil
}

// RemoveUnit takes unit i out of the army and returns it.
func (a *Army) RemoveUnit(i int) (Unit, error) {
	if err := a.unitIndex(i); err != nil {
		return Unit{}, err
	}
	u := a.Units[i]
	a.Units = slices.Delete(a.Units, i, i+1)
	return u, nil
}

// MoveUnit swaps unit i with the one above it (up) or below it, and returns where it went;
// moving the first unit up or the last one down leaves the army as it is (moved false).
func (a *Army) MoveUnit(i int, up bool) (to int, moved bool, err error) {
	if err := a.unitIndex(i); err != nil {
		return -1, false, err
	}
	j := i + 1
	if up {
		j = i - 1
	}
	if j < 0 || j >= len(a.Units) {
		return i, false, nil
	}
	a.Units[i], a.Units[j] = a.Units[j], a.Units[i]
	return j, true, nil
}

// AddCrew puts crew, the squad that crews the artillery piece i, right after it (the engine
// crews a piece with the squad listed after it: Crewed) and returns the crew's index.
func (a *Army) AddCrew(i int, crew Unit) (int, error) {
	if err := a.unitIndex(i); err != nil {
		return -1, err
	}
	if a.Units[i].Kind != KindArtillery {
		return -1, fmt.Errorf("unit %d is a %s, not an artillery piece: only a piece has a crew", i+1, a.Units[i].Kind)
	}
	if Crewed(a.Units, i) {
		return -1, fmt.Errorf("the %s already has its crew: the squad listed right after it", a.Units[i].Artillery)
	}
	a.Units = slices.Insert(a.Units, i+1, crew)
	return i + 1, nil
}

// Crewed reports whether units[i] is an on-board artillery piece with its crew, the squad
// listed right after it: the book prices a piece's crew as a squad of its own (Chapter
// Eleven), and Muster's engine crews a piece with the squad that follows it (a piece
// without one stays off the table).
func Crewed(units []Unit, i int) bool {
	return units[i].Kind == KindArtillery && i+1 < len(units) && units[i+1].Kind == KindSquad
}

func (a *Army) unitIndex(i int) error {
	if i < 0 || i >= len(a.Units) {
		return fmt.Errorf("there is no unit %d in this army", i)
	}
	return nil
}

// Describe names a unit for a version's note: its kind and its name or entry ("squad
// Stormtrooper").
func (u Unit) Describe() string {
	for _, s := range []string{u.Name, u.Troop, u.Droid, u.Creature, u.Artillery, u.Weapon, u.Strike} {
		if s != "" {
			return u.Kind + " " + s
		}
	}
	return u.Kind
}

// CloneUnit copies a unit deeply, so that the copy's maps and lists are its own.
func CloneUnit(u Unit) Unit {
	out := u
	out.Skills = maps.Clone(u.Skills)
	out.Weapons = slices.Clone(u.Weapons)
	out.Equipment = slices.Clone(u.Equipment)
	out.Attributes = maps.Clone(u.Attributes)
	if u.Commander != nil {
		out.Commander = &Commander{Skills: maps.Clone(u.Commander.Skills)}
	}
	out.Specialists = nil
	for _, sp := range u.Specialists {
		out.Specialists = append(out.Specialists, Specialist{Skills: maps.Clone(sp.Skills), Weapons: slices.Clone(sp.Weapons)})
	}
	if u.Mounts != nil {
		m := *u.Mounts
		out.Mounts = &m
	}
	if u.Force != nil {
		f := *u.Force
		f.Skills = maps.Clone(u.Force.Skills)
		f.Powers = slices.Clone(u.Force.Powers)
		out.Force = &f
	}
	return out
}

// CopyName is the name of a copy: "... (copy)", shortened so that it stays within
// MaxNameLen.
func CopyName(name string) string {
	const suffix = " (copy)"
	if r := []rune(name); len(r) > MaxNameLen-len(suffix) {
		name = string(r[:MaxNameLen-len(suffix)])
	}
	return name + suffix
}
