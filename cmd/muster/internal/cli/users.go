package cli

import (
	"bufio"
	"context"
	"crypto/rand"
	"encoding/base64"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"strings"

	"muster/cmd/muster/internal/web"
	"muster/db"
)

// The admin's command line, against the same database as `muster serve`: accounts and their
// personal API tokens.
const userUsage = `usage:
  muster user add NAME [--admin] [--password-stdin] --db DB
                                   make an account (without --password-stdin a password is
                                   made and printed once)
  muster user list --db DB         list the accounts
  muster user passwd NAME --password-stdin --db DB
                                   set an account's password
  muster user adopt NAME --db DB   give the armies saved before owners existed to NAME
  muster token add NAME [--label L] --db DB
                                   make a personal API token for NAME (printed once)
  muster token list NAME --db DB   list NAME's tokens
  muster token revoke NAME ID --db DB
                                   revoke one of NAME's tokens (an ID starting with "-":
                                   muster token revoke --db DB NAME -- ID)`

// stdin is what --password-stdin reads; tests replace it.
var stdin io.Reader = os.Stdin

func cmdUser(args []string, stdout, stderr io.Writer) int {
	return adminCommand("user", args, stdout, stderr)
}

func cmdToken(args []string, stdout, stderr io.Writer) int {
	return adminCommand("token", args, stdout, stderr)
}

// adminCommand parses `muster user|token ACTION ...` and runs it against the database.
func adminCommand(group string, args []string, stdout, stderr io.Writer) int {
	if len(args) == 0 {
		fmt.Fprintln(stderr, userUsage)
		return 2
	}
	if args[0] == "help" || args[0] == "--help" || args[0] == "-h" {
		fmt.Fprintln(stdout, userUsage)
		return 0
	}
	action := args[0]
	fs := flag.NewFlagSet(group+" "+action, flag.ContinueOnError)
	dbPath := fs.String("db", "muster.db", "the database `file` (or postgres:// address) muster serve uses")
	admin := fs.Bool("admin", false, "the account is an admin (makes invitation links)")
	pwStdin := fs.Bool("password-stdin", false, "read the password from standard input")
	label := fs.String("label", "token", "what the token is for")
	rest, code, ok := parseFlags(fs, args[1:], userUsage, stdout, stderr)
	if !ok {
		return code
	}
	// The action and its names are checked before the database is opened: opening creates
	// it, and a mistyped command must not leave a new muster.db behind.
	want, known := adminArgs[group+" "+action]
	if !known {
		fmt.Fprintf(stderr, "muster %s: %q is not an action of muster %s; write %s (muster %s help)\n", group, action, group, adminActions(group), group)
		return 2
	}
	if len(rest) != len(want) {
		fmt.Fprintf(stderr, "muster %s %s: write muster %s %s %s --db DB (muster %s help)\n", group, action, group, action, strings.Join(want, " "), group)
		return 2
	}
	if p := dbPathProblem(*dbPath); p != "" {
		fmt.Fprintf(stderr, "muster %s: %s\n", group, p)
		return 2
	}
	ctx := context.Background()
	store, err := db.Open(ctx, *dbPath)
	if err != nil {
		fmt.Fprintf(stderr, "muster %s: %v\n", group, dbProblem(*dbPath, err))
		return 1
	}
	defer store.Close()
	need := func(n int) bool {
		if len(rest) != n {
			fmt.Fprintln(stderr, userUsage)
			return false
		}
		return true
	}
	account := func(name string) (db.Owner, bool) {
		o, err := store.OwnerByName(ctx, name)
		if err != nil {
			fmt.Fprintf(stderr, "muster %s: there is no account %q (muster user list shows them)\n", group, name)
			return o, false
		}
		return o, true
	}
	switch group + " " + action {
	case "user add":
		if !need(1) {
			return 2
		}
		if msg := web.NameProblem(rest[0]); msg != "" {
			fmt.Fprintf(stderr, "muster user add: %s\n", msg)
			return 2
		}
		pw, made, code := password(*pwStdin, stderr)
		if code != 0 {
			return code
		}
		hash, err := web.HashPassword(pw)
		if err != nil {
			fmt.Fprintf(stderr, "muster user add: %v\n", err)
			return 1
		}
		o, err := store.CreateAccount(ctx, rest[0], hash, *admin)
		if errors.Is(err, db.ErrNameTaken) {
			fmt.Fprintf(stderr, "muster user add: the account name %q is taken\n", rest[0])
			return 1
		}
		if err != nil {
			fmt.Fprintf(stderr, "muster user add: %v\n", err)
			return 1
		}
		fmt.Fprintf(stdout, "Account %s made", o.Display)
		if o.Admin {
			fmt.Fprint(stdout, " (admin)")
		}
		fmt.Fprintln(stdout, ".")
		if made {
			fmt.Fprintf(stdout, "Password (shown once): %s\n", pw)
		}
	case "user list":
		if !need(0) {
			return 2
		}
		list, err := store.Accounts(ctx)
		if err != nil {
			fmt.Fprintf(stderr, "muster user list: %v\n", err)
			return 1
		}
		for _, o := range list {
			role := ""
			if o.Admin {
				role = " admin"
			}
			fmt.Fprintf(stdout, "%s%s (since %s)\n", o.Display, role, o.Created.Format("2006-01-02"))
		}
	case "user passwd":
		if !need(1) {
			return 2
		}
		o, ok := account(rest[0])
		if !ok {
			return 1
		}
		if !*pwStdin {
			fmt.Fprintln(stderr, "muster user passwd: give the new password on standard input with --password-stdin")
			return 2
		}
		pw, _, code := password(true, stderr)
		if code != 0 {
			return code
		}
		hash, err := web.HashPassword(pw)
		if err == nil {
			err = store.SetPassword(ctx, o.ID, hash)
		}
		if err != nil {
			fmt.Fprintf(stderr, "muster user passwd: %v\n", err)
			return 1
		}
		fmt.Fprintf(stdout, "Password of %s changed.\n", o.Display)
	case "user adopt":
		if !need(1) {
			return 2
		}
		o, ok := account(rest[0])
		if !ok {
			return 1
		}
		n, err := store.Adopt(ctx, o.ID)
		if err != nil {
			fmt.Fprintf(stderr, "muster user adopt: %v\n", err)
			return 1
		}
		fmt.Fprintf(stdout, "%d armies saved before owners existed are now %s's.\n", n, o.Display)
	case "token add":
		if !need(1) {
			return 2
		}
		o, ok := account(rest[0])
		if !ok {
			return 1
		}
		tok, _, err := store.AddToken(ctx, o.ID, *label)
		if err != nil {
			fmt.Fprintf(stderr, "muster token add: %v\n", err)
			return 1
		}
		fmt.Fprintln(stdout, tok)
	case "token list":
		if !need(1) {
			return 2
		}
		o, ok := account(rest[0])
		if !ok {
			return 1
		}
		toks, err := store.Tokens(ctx, o.ID)
		if err != nil {
			fmt.Fprintf(stderr, "muster token list: %v\n", err)
			return 1
		}
		for _, t := range toks {
			state := "live"
			if t.Revoked {
				state = "revoked"
			}
			fmt.Fprintf(stdout, "%s  %-20s %s  %s\n", t.ID, t.Label, t.Created.Format("2006-01-02"), state)
		}
	case "token revoke":
		if !need(2) {
			return 2
		}
		o, ok := account(rest[0])
		if !ok {
			return 1
		}
		if err := store.RevokeToken(ctx, o.ID, rest[1]); err != nil {
			fmt.Fprintf(stderr, "muster token revoke: %s has no token %q (muster token list %s shows them)\n", o.Display, rest[1], o.Display)
			return 1
		}
		fmt.Fprintf(stdout, "Token %s revoked.\n", rest[1])
	default:
		fmt.Fprintf(stderr, "muster %s: unknown action %q\n%s\n", group, action, userUsage)
		return 2
	}
	return 0
}

// password reads the password from standard input, or makes one (made is then true).
func password(fromStdin bool, stderr io.Writer) (pw string, made bool, code int) {
	if !fromStdin {
		b := make([]byte, 12)
		if _, err := rand.Read(b); err != nil {
			fmt.Fprintf(stderr, "muster: %v\n", err)
			return "", false, 1
		}
		return base64.RawURLEncoding.EncodeToString(b), true, 0
	}
	line, err := bufio.NewReader(io.LimitReader(stdin, 1024)).ReadString('\n')
	if err != nil && err != io.EOF {
		fmt.Fprintf(stderr, "muster: the password could not be read: %v\n", err)
		return "", false, 2
	}
	pw = strings.TrimRight(line, "\r\n")
	if msg := web.PasswordProblem(pw); msg != "" {
		fmt.Fprintf(stderr, "muster: %s\n", msg)
		return "", false, 2
	}
	return pw, false, 0
}

// adminArgs are the names each action takes after it.
var adminArgs = map[string][]string{
	"user add": {"NAME"}, "user list": {}, "user passwd": {"NAME"}, "user adopt": {"NAME"},
	"token add": {"NAME"}, "token list": {"NAME"}, "token revoke": {"NAME", "ID"},
}

// adminActions lists a group's actions for a message: "add, list, passwd or adopt".
func adminActions(group string) string {
	var out []string
	for _, a := range []string{"add", "list", "passwd", "adopt", "revoke"} {
		if _, ok := adminArgs[group+" "+a]; ok {
			out = append(out, a)
		}
	}
	return strings.Join(out[:len(out)-1], ", ") + " or " + out[len(out)-1]
}
