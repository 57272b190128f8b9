package db

import "fmt"

// AnyVersion, as the base of a save, undo, redo or restore, makes the change on whatever
// version is the head: for a caller with no page drawn from a version (the API, a script's
// form that posts none, a change the server makes on the version it has just read).
const AnyVersion = 0

// StaleError refuses a change made on a page drawn from version Base after the head moved
// to Head (another tab or window saved, undid or restored): nothing is changed, so that
// the other change is not silently undone. The check is made inside the change's write
// transaction, so two changes on the same base cannot both pass it.
type StaleError struct {
	Base, Head int
}

func (e *StaleError) Error() string {
	return fmt.Sprintf("db: the change was made on version %d but version %d is the head now", e.Base, e.Head)
}

// onBase refuses a change on base when head is the head (nil when base is the head or
// AnyVersion).
func onBase(base, head int) error {
	if base == AnyVersion || base == head {
		return nil
	}
	return &StaleError{Base: base, Head: head}
}
