package cli

import (
	"bytes"
	"path/filepath"
	"strings"
	"testing"
)

// The admin's commands make an account, set its password, and make and revoke a personal
// API token that the JSON API accepts.
func TestAdminCommandsManageAccountsAndTokens(t *testing.T) {
	dbPath := filepath.Join(t.TempDir(), "muster.db")
	runCmd := func(in string, args ...string) (string, string, int) {
		var out, errb bytes.Buffer
		stdin = strings.NewReader(in)
		defer func() { stdin = nil }()
		code := Main(append(args, "--db", dbPath), &out, &errb)
		return out.String(), errb.String(), code
	}
	if out, errs, code := runCmd("correct horse\n", "user", "add", "obiwan", "--admin", "--password-stdin"); code != 0 || !strings.Contains(out, "admin") {
		t.Fatalf("user add: %d %q %q", code, out, errs)
	}
	if _, errs, code := runCmd("x\n", "user", "add", "luke", "--password-stdin"); code != 2 || !strings.Contains(errs, "at least 8") {
		t.Errorf("a short password: %d %q", code, errs)
	}
	if out, _, code := runCmd("", "user", "add", "Luke"); code != 0 || !strings.Contains(out, "Password (shown once): ") {
		t.Errorf("user add without a password: %d %q", code, out)
	}
	if _, errs, code := runCmd("", "user", "add", "luke"); code != 1 || !strings.Contains(errs, "taken") {
		t.Errorf("a second luke: %d %q", code, errs)
	}
	if out, _, _ := runCmd("", "user", "list"); !strings.Contains(out, "obiwan admin") || !strings.Contains(out, "Luke") {
		t.Errorf("user list: %q", out)
	}
	if _, _, code := runCmd("new password\n", "user", "passwd", "obiwan", "--password-stdin"); code != 0 {
		t.Errorf("user passwd: %d", code)
	}
	tok, _, code := runCmd("", "token", "add", "obiwan", "--label", "laptop")
	if code != 0 || !strings.HasPrefix(tok, "mst_") {
		t.Fatalf("token add: %d %q", code, tok)
	}
	list, _, _ := runCmd("", "token", "list", "obiwan")
	id, _, _ := strings.Cut(list, " ")
	if !strings.Contains(list, "laptop") || !strings.Contains(list, "live") {
		t.Fatalf("token list: %q", list)
	}
	if out, _, code := runCmd("", "token", "revoke", "obiwan", id); code != 0 || !strings.Contains(out, "revoked") {
		t.Errorf("token revoke: %d %q", code, out)
	}
	// An id starting with "-" (one in 64 did, before ids stopped starting so) is given
	// after "--", where it is not read as a flag.
	var out, errb bytes.Buffer
	if code := Main([]string{"token", "revoke", "--db", dbPath, "obiwan", "--", "-AbCdEfG"}, &out, &errb); code != 1 ||
		!strings.Contains(errb.String(), `has no token "-AbCdEfG"`) {
		t.Errorf("token revoke -- -AbCdEfG: %d %q", code, errb.String())
	}
	if list, _, _ := runCmd("", "token", "list", "obiwan"); !strings.Contains(list, "revoked") {
		t.Errorf("after revoking: %q", list)
	}
	if _, errs, code := runCmd("", "token", "add", "nobody"); code != 1 || !strings.Contains(errs, "no account") {
		t.Errorf("token for nobody: %d %q", code, errs)
	}
}
