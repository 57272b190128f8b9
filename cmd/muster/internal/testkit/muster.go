package testkit

import (
	"bytes"
	"errors"
	"os"
	"os/exec"
	"path/filepath"
	"sync"
	"testing"
)

// The muster command, built once for a test binary that checks the web app against it (the
// web app's own packages cannot import the command line, which sits above them).
var built struct {
	once sync.Once
	dir  string
	path string
	err  error
}

// Muster is the path of the muster command built from this checkout, built on first use.
func Muster(t testing.TB) string {
	t.Helper()
	built.once.Do(func() {
		built.dir, built.err = os.MkdirTemp("", "muster-test-")
		if built.err != nil {
			return
		}
		built.path = filepath.Join(built.dir, "muster")
		out, err := exec.Command("go", "build", "-o", built.path, "muster/cmd/muster").CombinedOutput()
		if err != nil {
			built.err = errors.New("go build muster: " + err.Error() + "\n" + string(out))
		}
	})
	if built.err != nil {
		t.Fatal(built.err)
	}
	return built.path
}

// RemoveMuster removes the command Muster built; a TestMain calls it after the tests.
func RemoveMuster() {
	if built.dir != "" {
		os.RemoveAll(built.dir)
	}
}

// RunMuster runs `muster args...` from the test's directory: its exit code and what it wrote.
func RunMuster(t testing.TB, args ...string) (int, string, string) {
	t.Helper()
	var out, errOut bytes.Buffer
	cmd := exec.Command(Muster(t), args...)
	cmd.Stdout, cmd.Stderr = &out, &errOut
	err := cmd.Run()
	var exit *exec.ExitError
	switch {
	case errors.As(err, &exit):
		return exit.ExitCode(), out.String(), errOut.String()
	case err != nil:
		t.Fatal(err)
	}
	return 0, out.String(), errOut.String()
}
