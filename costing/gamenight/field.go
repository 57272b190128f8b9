package gamenight

// "What should I bring?" against a game night's field (issue 34): which of a game's lists a
// list is searched against, for whom. The rule is the game's, not the page's: before the
// gamemaster locks submissions a player sees only their own lists (docs/gamenight.md), so a
// search that played the other side's lists, named them on its page and replayed their
// battles would show a player lists the game keeps from them.

// Asker is who asks for a list's field.
type Asker int

const (
	// Gamemaster asks through the gamemaster's link: every list of the game is theirs to see.
	Gamemaster Asker = iota + 1
	// Player asks through the player link, for one of their own lists.
	Player
)

// Entry is one of a game's lists as the field needs it: its side and the version submitted
// (0: not submitted, or withdrawn).
type Entry struct {
	Side      string
	Submitted int
}

// FieldClosedBeforeLock is why a player has no field before the lock, in the page's words.
const FieldClosedBeforeLock = "The other side's lists are secret until the gamemaster locks submissions, as at the table: " +
	"until then you see only your own lists, so Muster cannot search against them for you. " +
	"Once the game is locked every submitted list is shown, and this page searches against them " +
	"(your list can no longer change then, but the answer shows what would have done better)."

// Field returns the indexes of lists a list of side may be searched against when who asks,
// and, when there is none, why in words. The field is the lists the other sides' players
// submitted, as submitted (a draft is not what they bring), of the sides still playing
// (playing: the game's sides); a list of its own side is never an opponent. The gamemaster
// has it at any time; a player only once the game is locked, when the player link shows
// every submitted list anyway.
func Field(who Asker, locked bool, side string, playing []string, lists []Entry) ([]int, string) {
	if who != Gamemaster && who != Player {
		return nil, "Only the gamemaster's link or a list's player may ask."
	}
	if who == Player && !locked {
		return nil, FieldClosedBeforeLock
	}
	plays := map[string]bool{}
	for _, s := range playing {
		plays[s] = true
	}
	var out []int
	for i, l := range lists {
		if l.Side != side && plays[l.Side] && l.Submitted > 0 {
			out = append(out, i)
		}
	}
	if len(out) == 0 {
		return nil, "No list of another side has been submitted yet: there is nothing to play against."
	}
	return out, ""
}
