package main

import (
	"bufio"
	"bytes"
	"context"
	"errors"
	"fmt"
	"io/fs"
	"net/http/httptest"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"runtime"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/searchlab/searchlab/web"
)

// TestDocs runs the command blocks of README.md and every Markdown file
// under docs/, the way a reader would type them, and checks what they print.
//
// The convention (docs/README.md states it for writers):
//
//   - A fenced block marked "console" is run. Each line starting with "$ "
//     is a command for sh, run from the repository root; the lines after it,
//     up to the next "$ " line, are what it writes on stdout, compared line
//     by line, exactly (a command that shows its stderr says 2>&1).
//   - "searchlab" is this command, built from the working tree; "go run
//     ./cmd/searchlab" means the same and runs it without compiling again.
//   - An expected line ending in "..." matches any line that starts with the
//     text before it (for timings and other values that vary); a line that
//     is only "..." matches any number of lines.
//   - A last expected line "[exit N]" says the command exits with status N;
//     otherwise it must exit 0.
//   - "curl" commands are sent to a server of this tree (web.New), with
//     localhost:8080 standing for its address.
//   - Blocks marked sh are shown, not run (long runs, servers, scripts); all
//     other languages (go, json, yaml, text) are not commands. A shell block
//     must say which it is: an unmarked fence or an indented block that
//     holds a searchlab command fails the test.
//   - Every examples/ file that any block names must exist.
func TestDocs(t *testing.T) {
	if testing.Short() {
		t.Skip("runs every documented command")
	}
	root, files := markdownFiles(t)

	// The test binary runs as searchlab when asCommand is set (TestMain):
	// a link named searchlab on PATH makes it the command of every block.
	exe, err := os.Executable()
	if err != nil {
		t.Fatal(err)
	}
	bin := t.TempDir()
	if err := os.Symlink(exe, filepath.Join(bin, "searchlab")); err != nil {
		t.Fatal(err)
	}
	env := append(os.Environ(), asCommand+"=1", "PATH="+bin+string(os.PathListSeparator)+os.Getenv("PATH"))

	var server *httptest.Server
	defer func() {
		if server != nil {
			server.Close()
		}
	}()
	serverAddr := func() string {
		if server == nil {
			server = httptest.NewServer(web.New(web.Config{}))
		}
		return strings.TrimPrefix(server.URL, "http://")
	}

	ran := 0
	for _, file := range files {
		rel, _ := filepath.Rel(root, file)
		blocks, err := readBlocks(file)
		if err != nil {
			t.Error(err)
			continue
		}
		for _, b := range blocks {
			for _, m := range examplePath.FindAllString(strings.Join(b.lines, "\n"), -1) {
				if _, err := os.Stat(filepath.Join(root, m)); err != nil {
					t.Errorf("%s:%d: names %s, which does not ship", rel, b.line, m)
				}
			}
			switch b.lang {
			case "console":
			case "", "shell", "bash":
				for _, l := range b.lines {
					if strings.Contains(l, "searchlab ") {
						t.Errorf("%s:%d: a %q block with a searchlab command: mark it console (run) or sh (shown only)", rel, b.line, b.lang)
						break
					}
				}
				continue
			default:
				continue
			}
			cmds, err := parseConsole(b)
			if err != nil {
				t.Errorf("%s: %v", rel, err)
				continue
			}
			for _, c := range cmds {
				name := fmt.Sprintf("%s:%d", rel, c.line)
				t.Run(name, func(t *testing.T) {
					line := strings.ReplaceAll(c.cmd, "go run ./cmd/searchlab", "searchlab")
					if strings.HasPrefix(line, "curl ") {
						if _, err := exec.LookPath("curl"); err != nil {
							t.Skip("no curl")
						}
						line = strings.ReplaceAll(line, "localhost:8080", serverAddr())
					}
					ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
					defer cancel()
					cmd := exec.CommandContext(ctx, "sh", "-c", line)
					cmd.Dir = root
					cmd.Env = env
					var out, errb bytes.Buffer
					cmd.Stdout, cmd.Stderr = &out, &errb
					err := cmd.Run()
					code := 0
					var exit *exec.ExitError
					if errors.As(err, &exit) {
						code = exit.ExitCode()
					} else if err != nil {
						t.Fatalf("$ %s: %v", c.cmd, err)
					}
					got := strings.Split(strings.TrimRight(out.String(), "\n"), "\n")
					if out.Len() == 0 {
						got = nil
					}
					if code != c.exit {
						t.Fatalf("$ %s\nexit status %d, want %d; stdout:\n%s\nstderr:\n%s", c.cmd, code, c.exit, out.String(), errb.String())
					}
					if !matchLines(c.want, got) {
						t.Errorf("$ %s\noutput:\n%s\nwant (%s):\n%s", c.cmd, strings.Join(got, "\n"), name, strings.Join(c.want, "\n"))
					}
				})
				ran++
			}
		}
	}
	if ran == 0 {
		t.Fatal("no console blocks found")
	}
}

// examplePath matches a path under examples/ in a command.
var examplePath = regexp.MustCompile(`\bexamples/[A-Za-z0-9_./-]*[A-Za-z0-9_]`)

// block is a fenced code block of a Markdown file.
type block struct {
	lang  string
	line  int // of the opening fence
	lines []string
}

// readBlocks returns the fenced blocks of a Markdown file. An indented code
// block holding a searchlab command is an error: every command shown sits
// in a fenced block that says whether it runs.
func readBlocks(path string) ([]block, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	var blocks []block
	var cur *block
	fence := ""
	sc := bufio.NewScanner(f)
	for n := 1; sc.Scan(); n++ {
		l := sc.Text()
		trim := strings.TrimLeft(l, " ")
		if cur == nil {
			if strings.HasPrefix(trim, "```") || strings.HasPrefix(trim, "~~~") {
				fence = trim[:3]
				blocks = append(blocks, block{lang: strings.TrimSpace(trim[3:]), line: n})
				cur = &blocks[len(blocks)-1]
				continue
			}
			if strings.HasPrefix(l, "    ") && (strings.HasPrefix(trim, "searchlab ") || strings.HasPrefix(trim, "$ ")) {
				return nil, fmt.Errorf("%s:%d: an indented command: put it in a fenced console or sh block", path, n)
			}
			continue
		}
		if strings.HasPrefix(trim, fence) && strings.TrimSpace(trim[3:]) == "" {
			cur = nil
			continue
		}
		cur.lines = append(cur.lines, l)
	}
	if cur != nil {
		return nil, fmt.Errorf("%s:%d: unclosed code block", path, cur.line)
	}
	return blocks, sc.Err()
}

// consoleCmd is one command of a console block with its expected output.
type consoleCmd struct {
	line int
	cmd  string
	want []string
	exit int
}

var exitLine = regexp.MustCompile(`^\[exit (\d+)\]$`)

func parseConsole(b block) ([]consoleCmd, error) {
	var cmds []consoleCmd
	for i, l := range b.lines {
		if c, ok := strings.CutPrefix(l, "$ "); ok {
			cmds = append(cmds, consoleCmd{line: b.line + 1 + i, cmd: c})
			continue
		}
		if len(cmds) == 0 {
			return nil, fmt.Errorf("line %d: console block does not start with a \"$ \" command", b.line+1+i)
		}
		c := &cmds[len(cmds)-1]
		c.want = append(c.want, l)
	}
	for i := range cmds {
		c := &cmds[i]
		if n := len(c.want); n > 0 {
			if m := exitLine.FindStringSubmatch(c.want[n-1]); m != nil {
				c.exit, _ = strconv.Atoi(m[1])
				c.want = c.want[:n-1]
			}
		}
	}
	if len(cmds) == 0 {
		return nil, fmt.Errorf("line %d: console block without a command", b.line)
	}
	return cmds, nil
}

// matchLines reports whether got matches the expected lines: exactly, but
// for lines ending in "..." (a prefix) and lines that are only "..." (any
// number of lines).
func matchLines(want, got []string) bool {
	if len(want) == 0 {
		return len(got) == 0
	}
	if want[0] == "..." {
		for k := 0; k <= len(got); k++ {
			if matchLines(want[1:], got[k:]) {
				return true
			}
		}
		return false
	}
	if len(got) == 0 {
		return false
	}
	w, g := want[0], got[0]
	if p, ok := strings.CutSuffix(w, "..."); ok {
		if !strings.HasPrefix(g, p) {
			return false
		}
	} else if w != g {
		return false
	}
	return matchLines(want[1:], got[1:])
}

// TestDocsFlags checks the flag tables of docs/cli.md against the help of
// the commands: each table under a heading that names commands ("sudoku
// generate", or "pdb list, pdb verify") lists the flags of each, in the
// order and with the text of "searchlab X -h", and every command with flags
// has a table. A default that is the number of processors may read "(default:
// the number of processors)" in the table.
func TestDocsFlags(t *testing.T) {
	const header = "| flag | meaning |"
	md, err := os.ReadFile("../../docs/cli.md")
	if err != nil {
		t.Fatal(err)
	}
	want := map[string][]string{} // command -> rows from its help
	for _, p := range commandPaths {
		name := strings.Join(p, " ")
		_, help, _ := runCLI(t, "", append(append([]string{}, p...), "-h")...)
		_, list, ok := strings.Cut(help, "\nFlags:\n")
		if !ok {
			continue
		}
		var rows []string
		var flagName string
		for _, l := range strings.Split(list, "\n") {
			if u, ok := strings.CutPrefix(l, "    \t"); ok {
				u = strings.ReplaceAll(u, "|", `\|`)
				rows = append(rows, fmt.Sprintf("| `--%s` | %s |", flagName, u))
			} else if f, ok := strings.CutPrefix(l, "  --"); ok {
				flagName = f
			}
		}
		want[name] = rows
	}

	heading := ""
	seen := map[string]bool{}
	lines := strings.Split(string(md), "\n")
	for i := 0; i < len(lines); i++ {
		l := lines[i]
		if strings.HasPrefix(l, "#") {
			heading = strings.TrimSpace(strings.TrimLeft(l, "#"))
			continue
		}
		if l != header {
			continue
		}
		var rows []string
		for i += 2; i < len(lines) && strings.HasPrefix(lines[i], "|"); i++ {
			rows = append(rows, lines[i])
		}
		for _, name := range strings.Split(heading, ", ") {
			w, ok := want[name]
			if !ok {
				t.Errorf("docs/cli.md: a flag table under %q, which names no command with flags", heading)
				continue
			}
			seen[name] = true
			if !sameFlags(rows, w) {
				t.Errorf("docs/cli.md: the flags of %q differ from its help; want:\n%s", name, strings.Join(w, "\n"))
			}
		}
	}
	for name := range want {
		if !seen[name] {
			t.Errorf("docs/cli.md: no flag table for %q", name)
		}
	}
}

// sameFlags reports whether the rows of a flag table match those of a
// help text, where "(default N)" for N the number of processors may read
// "(default: the number of processors)".
func sameFlags(doc, help []string) bool {
	if len(doc) != len(help) {
		return false
	}
	cpus := fmt.Sprintf("(default %d)", runtime.NumCPU())
	for i := range doc {
		if doc[i] != help[i] && doc[i] != strings.Replace(help[i], cpus, "(default: the number of processors)", 1) {
			return false
		}
	}
	return true
}

// markdownFiles returns the repository's root and its Markdown files:
// README.md and every .md file under docs/.
func markdownFiles(t *testing.T) (root string, files []string) {
	t.Helper()
	root, err := filepath.Abs("../..")
	if err != nil {
		t.Fatal(err)
	}
	files = []string{filepath.Join(root, "README.md")}
	err = filepath.WalkDir(filepath.Join(root, "docs"), func(path string, d fs.DirEntry, err error) error {
		if err == nil && !d.IsDir() && strings.HasSuffix(path, ".md") {
			files = append(files, path)
		}
		return err
	})
	if err != nil {
		t.Fatal(err)
	}
	return root, files
}

// TestDocsLinks checks that every relative link of README.md and docs/
// names a file that exists and, with a #fragment, a heading of that file
// (as GitHub makes anchors of headings).
func TestDocsLinks(t *testing.T) {
	root, files := markdownFiles(t)
	link := regexp.MustCompile(`\]\(([^)\s]+)\)`)
	anchors := map[string]map[string]bool{}
	headingsOf := func(path string) map[string]bool {
		if a, ok := anchors[path]; ok {
			return a
		}
		a := map[string]bool{}
		blocks, _ := os.ReadFile(path)
		inFence := false
		for _, l := range strings.Split(string(blocks), "\n") {
			if strings.HasPrefix(strings.TrimLeft(l, " "), "```") {
				inFence = !inFence
			}
			if !inFence && strings.HasPrefix(l, "#") {
				a[anchor(strings.TrimSpace(strings.TrimLeft(l, "#")))] = true
			}
		}
		anchors[path] = a
		return a
	}
	for _, file := range files {
		rel, _ := filepath.Rel(root, file)
		text, err := os.ReadFile(file)
		if err != nil {
			t.Fatal(err)
		}
		for _, m := range link.FindAllStringSubmatch(string(text), -1) {
			target := m[1]
			if strings.Contains(target, "://") || strings.HasPrefix(target, "mailto:") {
				continue
			}
			path, frag, _ := strings.Cut(target, "#")
			dest := file
			if path != "" {
				dest = filepath.Join(filepath.Dir(file), path)
				if _, err := os.Stat(dest); err != nil {
					t.Errorf("%s: link to %s, which does not exist", rel, target)
					continue
				}
			}
			if frag != "" && strings.HasSuffix(dest, ".md") && !headingsOf(dest)[frag] {
				t.Errorf("%s: link to %s, a heading that does not exist", rel, target)
			}
		}
	}
}

// anchor returns the fragment GitHub gives a heading: lower case, spaces
// as hyphens, punctuation other than hyphens and underscores dropped.
func anchor(heading string) string {
	var b strings.Builder
	for _, r := range strings.ToLower(heading) {
		switch {
		case r == ' ':
			b.WriteByte('-')
		case r == '-' || r == '_' || r >= 'a' && r <= 'z' || r >= '0' && r <= '9' || r > 127:
			b.WriteRune(r)
		}
	}
	return b.String()
}
