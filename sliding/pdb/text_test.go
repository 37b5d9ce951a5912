package pdb_test

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"strings"
	"testing"

	"github.com/searchlab/searchlab/sliding/pdb"
)

func ExampleParseBlank() {
	for _, s := range []string{"first", "last", "5", "16", "middle"} {
		fmt.Println(pdb.ParseBlank(s, 16))
	}
	// Output:
	// 0 <nil>
	// 15 <nil>
	// 5 <nil>
	// 0 "16" is not first, last or a cell from 0 to 15
	// 0 "middle" is not first, last or a cell from 0 to 15
}

// A set built for a corner serves the goals with the blank in any corner.
func ExampleSet_String() {
	s, _ := pdb.Build(context.Background(), 3, 3, 0, "4-4", nil)
	fmt.Println(s.Serves())
	fmt.Println(s)
	// Output:
	// [0 2 6 8]
	// 3x3 pdb 4-4+mirror, blank goal on cell 0 (serves goals with the blank on cells 0, 2, 6, 8): 2 patterns, 0 MB
}

func TestParseBlank(t *testing.T) {
	tests := []struct {
		s       string
		n, want int
		ok      bool
	}{
		{"first", 9, 0, true},
		{"last", 9, 8, true},
		{"last", 25, 24, true},
		{"0", 9, 0, true},
		{"8", 9, 8, true},
		{"9", 9, 0, false},
		{"-1", 9, 0, false},
		{"", 9, 0, false},
		{"Last", 9, 0, false},
		{" 3", 9, 0, false},
	}
	for _, tc := range tests {
		got, err := pdb.ParseBlank(tc.s, tc.n)
		if got != tc.want || (err == nil) != tc.ok {
			t.Errorf("ParseBlank(%q, %d) = %d, %v; want %d, ok %v", tc.s, tc.n, got, err, tc.want, tc.ok)
		}
	}
}

func TestSetServes(t *testing.T) {
	tests := []struct {
		w, h, blank int
		partition   string
		want        []int
	}{
		{3, 3, 4, "4-4", []int{4}},
		{3, 3, 1, "4-4", []int{1, 3, 5, 7}},
		{2, 4, 0, "7", []int{0, 1, 6, 7}},
		{4, 4, 0, "3-3-3-3-3", []int{0, 3, 12, 15}},
		{4, 4, 5, "3-3-3-3-3", []int{5, 6, 9, 10}},
	}
	for _, tc := range tests {
		s, err := pdb.Build(context.Background(), tc.w, tc.h, tc.blank, tc.partition, nil)
		if err != nil {
			t.Fatal(err)
		}
		if got := s.Serves(); !slices.Equal(got, tc.want) {
			t.Errorf("%dx%d blank %d serves %v, want %v", tc.w, tc.h, tc.blank, got, tc.want)
		}
	}
}

// TestListingWriteText checks each column and status of the table, and
// the count of damaged files.
func TestListingWriteText(t *testing.T) {
	good := pdb.Info{Name: "4x4-b0-1.2.3.pdb", Size: 3 << 19, W: 4, H: 4, Blank: 0, Cells: []int{1, 2, 3}}
	zero := pdb.Info{Name: "z.pdb", Size: 1 << 20, W: 5, H: 5, Blank: 12, Cells: []int{4, 5}, ZeroAware: true}
	bad := pdb.Info{Name: "bad.pdb", W: 3, H: 3, Cells: []int{1}, Err: errors.New("pdb: checksum mismatch")}
	tests := []struct {
		name    string
		l       pdb.Listing
		want    []string // the rows' fields, after the header
		damaged int
	}{
		{"listed", pdb.Listing{Dir: "/cache", Files: []pdb.Info{good, zero}}, []string{"4x4-b0-1.2.3.pdb 1.5 4x4 0 1 2 3 ok", "z.pdb 1.0 5x5 12 4 5 (zero-aware) ok"}, 0},
		{"verified", pdb.Listing{Dir: "/cache", Files: []pdb.Info{good, bad}, Verified: true}, []string{"4x4-b0-1.2.3.pdb 1.5 4x4 0 1 2 3 ok, checksum verified", "bad.pdb 0.0 3x3 0 1 pdb: checksum mismatch"}, 1},
	}
	for _, tc := range tests {
		var out strings.Builder
		err := tc.l.WriteText(&out)
		lines := strings.Split(strings.TrimSuffix(out.String(), "\n"), "\n")
		if err != nil || tc.l.Damaged() != tc.damaged || len(lines) != 2+len(tc.want) || lines[0] != "/cache:" {
			t.Fatalf("%s: %d damaged, %v, wrote\n%s", tc.name, tc.l.Damaged(), err, out.String())
		}
		if got := strings.Join(strings.Fields(lines[1]), " "); got != "FILE MiB BOARD BLANK TILES (goal cells) STATUS" {
			t.Errorf("%s: header %q", tc.name, lines[1])
		}
		for i, want := range tc.want {
			if got := strings.Join(strings.Fields(lines[2+i]), " "); got != want {
				t.Errorf("%s: row %q, want the fields %q", tc.name, lines[2+i], want)
			}
		}
	}
	var out strings.Builder
	if err := (pdb.Listing{Dir: "/cache", Verified: true}).WriteText(&out); err != nil || out.String() != "no pattern databases in /cache\n" {
		t.Errorf("no files: %v, wrote %q", err, out.String())
	}
}

// TestListDir lists and verifies the cache with one set built in it, and
// a directory that does not exist.
func TestListDir(t *testing.T) {
	t.Setenv("XDG_CACHE_HOME", t.TempDir())
	dir, err := pdb.CacheDir()
	if err != nil {
		t.Fatal(err)
	}
	if _, err := pdb.Open(context.Background(), 3, 3, 0, "4-4", pdb.Options{}); err != nil {
		t.Fatal(err)
	}
	for _, verify := range []bool{false, true} {
		l, err := pdb.ListDir("", verify)
		if err != nil || l.Dir != dir || len(l.Files) != 2 || l.Verified != verify || l.Damaged() != 0 {
			t.Fatalf("ListDir(\"\", %v) = %+v, %v", verify, l, err)
		}
		var out strings.Builder
		if err := l.WriteText(&out); err != nil {
			t.Fatal(err)
		}
		lines := strings.Split(out.String(), "\n")
		want := "3x3-b0-1.2.3.4.pdb 0.0 3x3 0 1 2 3 4 ok"
		if verify {
			want += ", checksum verified"
		}
		if len(lines) < 4 || strings.Join(strings.Fields(lines[2]), " ") != want {
			t.Errorf("verify %v: wrote\n%s\nwant a first row of the fields %q", verify, out.String(), want)
		}
	}
	none := dir + "/none"
	if l, err := pdb.ListDir(none, true); err != nil || l.Dir != none || len(l.Files) != 0 {
		t.Errorf("ListDir of a missing directory = %+v, %v", l, err)
	}
}

func TestDir(t *testing.T) {
	cache := t.TempDir()
	t.Setenv("XDG_CACHE_HOME", cache)
	tests := []struct{ dir, want string }{
		{"", cache + "/searchlab/pdb"},
		{"/elsewhere", "/elsewhere"},
		{"relative/dir", "relative/dir"},
	}
	for _, tc := range tests {
		if got, err := pdb.Dir(tc.dir); got != tc.want || err != nil {
			t.Errorf("Dir(%q) = %q, %v; want %q", tc.dir, got, err, tc.want)
		}
	}
	t.Setenv("XDG_CACHE_HOME", "")
	t.Setenv("HOME", "")
	if got, err := pdb.Dir(""); err == nil {
		t.Errorf("Dir(\"\") without a cache directory = %q, want an error", got)
	}
	if got, err := pdb.Dir("/elsewhere"); got != "/elsewhere" || err != nil {
		t.Errorf("Dir(\"/elsewhere\") without a cache directory = %q, %v", got, err)
	}
}
