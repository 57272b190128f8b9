package web

import (
	crand "crypto/rand"
	"encoding/binary"
	"encoding/json"
	"errors"
	"fmt"
	"net/http"
	"net/url"
	"strconv"
	"strings"

	"github.com/labstack/echo/v5"

	"muster/db"
	"muster/rules/qrs"
	"muster/rules/qrs/army"
	"muster/rules/qrs/solo"
	"muster/views"
)

// The solo assistant of the skirmish quick reference on the web: /qrs/solo lists the owner's
// games and starts one; /qrs/solo/:id is the game at the table, and every step (sighting,
// orders, fire, marks, the end of a turn) is a POST that rolls with the game's own dice
// (rules/qrs/solo: seed and step counter saved in the game), saves the game as a new step and
// sends the browser back to the page. The forms carry the step they were drawn at, so a form
// sent twice or from a stale tab rolls nothing.
func (a *app) qrsRoutes(e *echo.Echo) {
	e.GET("/qrs/solo", a.qrsSoloHome)
	e.POST("/qrs/solo", a.qrsSoloCreate)
	e.GET("/qrs/solo/:id", a.qrsSoloShow)
	e.POST("/qrs/solo/:id/counters", a.qrsSoloStep(qrsCounters))
	e.POST("/qrs/solo/:id/spot", a.qrsSoloStep(qrsSpotStep))
	e.POST("/qrs/solo/:id/orders", a.qrsSoloStep(qrsOrdersStep))
	e.POST("/qrs/solo/:id/shoot", a.qrsSoloStep(qrsShootStep))
	e.POST("/qrs/solo/:id/mark", a.qrsSoloStep(qrsMarkStep))
	e.POST("/qrs/solo/:id/close", a.qrsSoloStep(qrsCloseStep))
	e.POST("/qrs/solo/:id/turn", a.qrsSoloStep(qrsTurnStep))
	e.POST("/qrs/solo/:id/undo", a.qrsSoloUndo)
	e.POST("/qrs/solo/:id/delete", a.qrsSoloDelete)
	e.GET("/qrs/sim", a.qrsSimForm)
	e.POST("/qrs/sim", a.qrsSimRun)
	e.GET("/qrs/sim/:job", a.qrsSimResult)
}

// errNoSoloGame is what anyone but the owner gets: not yours reads as not found.
var errNoSoloGame = echo.NewHTTPError(http.StatusNotFound, "There is no such solo game.")

// qrsPoolProfiles are the figures the result table deploys, in the table's order, with the
// number the new game form suggests.
var qrsPoolProfiles = []struct {
	Name    string
	Suggest string
}{
	{solo.Stormtrooper, "12"}, {solo.Heavy, "1"}, {solo.Leader, "1"}, {solo.Officer, "1"},
	{solo.DeathTrooper, "0"}, {solo.ProbeDroid, "1"}, {solo.Walker, "1"}, {solo.Inquisitor, "0"},
}

func (a *app) renderSoloHome(c *echo.Context, status int, f views.QRSNewForm, problem string) error {
	games, err := a.store.ListSolo(c.Request().Context(), ownerID(c))
	if err != nil {
		return err
	}
	v := qrsSetupList(f, problem)
	if v.Armies, err = a.qrsSavedArmies(c); err != nil {
		return err
	}
	for _, g := range games {
		v.Games = append(v.Games, views.QRSGameRow{ID: g.ID, Name: g.Name, Steps: g.Head, Updated: g.Updated})
	}
	return render(c, status, views.QRSSoloHome(page(c, "Solo skirmish", "qrs"), v))
}

// qrsPreferLabel names a preferable option as the result table words it, with every row
// that offers it ("8 Stormtroopers (on a 12 or 13)").
func qrsPreferLabel(key string) string {
	label, rows := key, []string{}
	for _, r := range solo.Table {
		for _, o := range r.Options {
			if o.Key == key {
				label = o.Label
				rows = append(rows, strconv.Itoa(r.Low))
			}
		}
	}
	if len(rows) == 0 {
		return key
	}
	return label + " (on a " + orList(rows) + ")"
}

func qrsGameName(st *solo.State) string {
	if strings.TrimSpace(st.Name) != "" {
		return st.Name
	}
	return "Solo game"
}

func qrsNewFormFrom(form url.Values) views.QRSNewForm {
	f := views.QRSNewForm{Name: strings.TrimSpace(form.Get("name")), Seed: strings.TrimSpace(form.Get("seed")),
		Army: form.Get("army"), Prefer: form.Get("prefer"), Unlimited: form.Get("unlimited") != "", Saved: strings.TrimSpace(form.Get("saved")),
		Worse: form.Get("worse")}
	for i := range f.Counters {
		f.Counters[i] = form.Get("counter" + strconv.Itoa(i+1))
	}
	for i := range qrsPoolProfiles {
		f.Pool = append(f.Pool, strings.TrimSpace(form.Get("pool"+strconv.Itoa(i))))
	}
	for i := range f.Rows {
		n := strconv.Itoa(i)
		f.Rows[i] = views.QRSGroupRow{Group: strings.TrimSpace(form.Get("group" + n)), Profile: form.Get("profile" + n),
			Count: strings.TrimSpace(form.Get("count" + n)), Name: strings.TrimSpace(form.Get("fname" + n))}
	}
	return f
}

// qrsSetupFrom reads the new game form into the domain's setup, or says what to fix.
func qrsSetupFrom(f views.QRSNewForm) (solo.Setup, string) {
	s := solo.Setup{Name: f.Name, Prefer: f.Prefer}
	if len([]rune(f.Name)) > qrs.TooLong {
		return s, fmt.Sprintf("Name: at most %d characters.", qrs.TooLong)
	}
	worse, err := qrs.ParseWorseRow(f.Worse)
	if err != nil {
		return s, "The shooting table's lost Worse row: " + err.Error() + "."
	}
	s.Worse = worse
	if f.Seed != "" {
		seed, err := strconv.ParseUint(f.Seed, 10, 64)
		if err != nil {
			return s, "Dice seed: write a whole number (or leave it empty for a random one)."
		}
		s.Seed = seed
	} else {
		var b [8]byte
		_, _ = crand.Read(b[:])
		s.Seed = binary.LittleEndian.Uint64(b[:])
	}
	for _, k := range f.Counters {
		if k != "" {
			s.Counters = append(s.Counters, k)
		}
	}
	if !f.Unlimited {
		s.Pool = solo.Pool{}
		for i, p := range qrsPoolProfiles {
			if f.Pool[i] == "" {
				continue
			}
			n, err := strconv.Atoi(f.Pool[i])
			if err != nil || n < 0 || n > solo.MaxPool {
				return s, fmt.Sprintf("Figure pool, %s: write a number from 0 to %d.", p.Name, solo.MaxPool)
			}
			s.Pool[p.Name] = n
		}
	}
	file, problem := qrsArmyFrom(f)
	if problem != "" || file == nil {
		return s, problem
	}
	a := army.Resolve(file)
	if rep := army.Evaluate(a); rep.HasErrors() {
		var msgs []string
		for _, p := range rep.Problems {
			if p.Severity == "error" {
				msgs = append(msgs, strings.TrimSpace(p.Message+" "+p.Hint))
			}
		}
		return s, "Your groups: " + strings.Join(msgs, " ")
	}
	s.Army = a
	if s.Name == "" {
		s.Name = a.Name
	}
	return s, ""
}

// qrsArmyFrom is the player's army: the pasted file if there is one, else the form's lines
// (nil when both are empty: a game may start without player groups).
func qrsArmyFrom(f views.QRSNewForm) (*army.File, string) {
	if strings.TrimSpace(f.Army) != "" {
		file, err := army.Read([]byte(f.Army))
		if err != nil {
			return nil, "The army file: " + err.Error()
		}
		return file, ""
	}
	file := &army.File{Format: 1, System: army.ID, Name: f.Name}
	if file.Name == "" {
		file.Name = "Solo game"
	}
	index := map[string]int{}
	for i, r := range f.Rows {
		if r.Count == "" && (r.Group != "" || r.Name != "") {
			// A line with a group or a figure named but no number of figures was dropped
			// without a word: the game began without the figures the player typed.
			return nil, fmt.Sprintf("Your groups, line %d: write how many figures (1 for a named figure), or 0 to leave the line out.", i+1)
		}
		if r.Count == "" || r.Count == "0" {
			continue
		}
		n, err := strconv.Atoi(r.Count)
		if err != nil || n < 0 || n > army.MaxCount {
			return nil, fmt.Sprintf("Your groups, line %d: write a number of figures from 0 to %d.", i+1, army.MaxCount)
		}
		if r.Group == "" {
			return nil, fmt.Sprintf("Your groups, line %d: give the group a name (lines with the same name make one group).", i+1)
		}
		gi, ok := index[r.Group]
		if !ok {
			gi = len(file.Groups)
			index[r.Group] = gi
			file.Groups = append(file.Groups, army.GroupEntry{Name: r.Group})
		}
		fe := army.FigureEntry{Profile: r.Profile, Count: n}
		if r.Name != "" && n == 1 {
			fe.Name = r.Name
		}
		file.Groups[gi].Figures = append(file.Groups[gi].Figures, fe)
	}
	if len(file.Groups) == 0 {
		return nil, ""
	}
	return file, ""
}

func qrsMarshal(st *solo.State, r views.QRSResult) (state, result []byte, err error) {
	if state, err = st.Marshal(true); err != nil {
		return nil, nil, err
	}
	result, err = json.Marshal(r)
	return state, result, err
}

// qrsLoadSolo reads the owner's game at its head step.
func (a *app) qrsLoadSolo(c *echo.Context) (db.SoloGame, *solo.State, error) {
	g, err := a.store.GetSolo(c.Request().Context(), ownerID(c), c.Param("id"))
	if errors.Is(err, db.ErrNotFound) {
		return g, nil, errNoSoloGame
	}
	if err != nil {
		return g, nil, err
	}
	st, err := solo.Read(g.State)
	if err != nil {
		return g, nil, fmt.Errorf("solo game %s: %w", g.ID, err)
	}
	return g, st, nil
}

func (a *app) renderSoloGame(c *echo.Context, status int, g db.SoloGame, st *solo.State, problem string) error {
	v := qrsGameView(g, st)
	v.Error = problem
	return render(c, status, views.QRSSoloGame(page(c, v.Name, "qrs"), v))
}

// qrsStep is one step of a game: it changes the state with the dice it is handed, fills in
// the result the page shows, and names the step (for undo), or says what to fix.
type qrsStep func(st *solo.State, d qrs.Dice, form url.Values, r *views.QRSResult) (string, error)

// qrsWebLog bounds the log a web game keeps, so that a step's lines are always the last
// ones (solo.MaxLog drops the oldest beyond it).
const qrsWebLog = solo.MaxLog - 100

const qrsStaleMessage = "The game has moved on since this page was drawn (another tab, or a form sent twice): nothing was rolled. This is the game as it stands."

// qrsSavedArmies are the asker's saved qrs armies, for the setup forms' picker: an army
// built in the editor plays without copying its file.
func (a *app) qrsSavedArmies(c *echo.Context) ([]views.QRSOption, error) {
	list, err := a.store.List(c.Request().Context(), ownerID(c))
	if err != nil {
		return nil, err
	}
	var out []views.QRSOption
	for _, r := range list {
		if r.System == army.ID {
			out = append(out, views.QRSOption{Value: r.ID, Label: r.Name})
		}
	}
	return out, nil
}

// qrsWithSaved is the form to play: with a saved army chosen, that army's file in place of
// the lines (the form shown again keeps the choice, not the file). Another owner's army,
// or a deleted one, reads as not among the asker's, as everywhere.
func (a *app) qrsWithSaved(c *echo.Context, f views.QRSNewForm) (views.QRSNewForm, string) {
	if f.Saved == "" {
		return f, ""
	}
	if strings.TrimSpace(f.Army) != "" {
		return f, "Your groups: choose a saved army or paste a file, not both (set the saved army to none to play the file)."
	}
	gone := "Your saved army: it is not among your armies (deleted?); choose another, or none."
	if !validID(f.Saved) {
		return f, gone
	}
	rec, file, err := a.store.Get(c.Request().Context(), ownerID(c), f.Saved)
	if err != nil || rec.Deleted {
		return f, gone
	}
	if rec.System != army.ID {
		return f, fmt.Sprintf("Your saved army: %q is not a skirmish quick reference army (system: qrs); choose another, or none.", rec.Name)
	}
	played := f
	played.Army = string(file)
	return played, ""
}
