package idastar

import (
	"bytes"
	"crypto/hmac"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"hash/crc32"
	"os"
	"strconv"
	"strings"
	"time"

	"github.com/searchlab/searchlab/internal/atomicfile"
	"github.com/searchlab/searchlab/internal/regularfile"
	"github.com/searchlab/searchlab/search"
	"github.com/searchlab/searchlab/sliding"
)

// The checkpoint file of a long solve is text: a first line naming the
// format and its version, one line of JSON (the fields of checkpoint), a
// line with the CRC-32C of the first two (against damage) and a last one
// with their HMAC-SHA256 under the user's key (see ckkey.go), or
// "unverified" when what the search stands on rests on a checkpoint that
// was not verified:
//
//	searchlab-checkpoint 4
//	{"board":{"w":5,"h":5,"tiles":[...]},...,"bound":96,"done":[[0,1234]],...}
//	crc32c 89abcdef
//	hmac-sha256 0123...cdef
//
// It is replaced as a whole (written to a temporary file in the same
// directory, synced, then renamed over the old one), so a crash leaves
// either the old checkpoint or the new one.
const (
	checkpointMagic   = "searchlab-checkpoint"
	checkpointVersion = 4 // 3: work units numbered in childOrder (up, left, right, down); 4: signed
)

var errNoCheckpoint = errors.New("no checkpoint")

var castagnoli = crc32.MakeTable(crc32.Castagnoli)

// boardJSON is a board in a checkpoint.
type boardJSON struct {
	W     int   `json:"w"`
	H     int   `json:"h"`
	Tiles []int `json:"tiles"`
}

func newBoardJSON(b sliding.Board) boardJSON {
	out := boardJSON{W: b.W, H: b.H, Tiles: make([]int, len(b.Tiles))}
	for i, t := range b.Tiles {
		out.Tiles[i] = int(t)
	}
	return out
}

func (b boardJSON) equal(o boardJSON) bool {
	if b.W != o.W || b.H != o.H || len(b.Tiles) != len(o.Tiles) {
		return false
	}
	for i := range b.Tiles {
		if b.Tiles[i] != o.Tiles[i] {
			return false
		}
	}
	return true
}

func (b boardJSON) String() string {
	parts := make([]string, len(b.Tiles))
	for i, t := range b.Tiles {
		parts[i] = strconv.Itoa(t)
	}
	return fmt.Sprintf("%dx%d %s", b.W, b.H, strings.Join(parts, " "))
}

// checkpoint is the state of a long solve.
type checkpoint struct {
	// What is searched, with what: a checkpoint is refused for anything else.
	Board  boardJSON `json:"board"`
	Goal   boardJSON `json:"goal"`
	Set    string    `json:"set"`    // the set's Method, such as "pdb 6-6-6-6+mirror"
	Groups [][]int   `json:"groups"` // its patterns' goal cells
	Tables string    `json:"tables"` // CRC-32C of its tables, in hex
	Prune  int       `json:"prune"`  // the length of its move-pruning machine
	Split  int       `json:"split"`  // the depth of the subtrees handed out

	// Where the search stands.
	Bound         int        `json:"bound"`      // the current iteration's bound
	Iterations    int        `json:"iterations"` // iterations finished
	Expanded      int64      `json:"expanded"`   // nodes of the finished iterations
	Generated     int64      `json:"generated"`
	ElapsedNs     int64      `json:"elapsed_ns"`   // wall time of all runs
	IterationNs   int64      `json:"iteration_ns"` // wall time in the current iteration
	Done          [][2]int64 `json:"done"`         // finished subtrees [lo, hi) of the current iteration
	DoneExpanded  int64      `json:"done_expanded"`
	DoneGenerated int64      `json:"done_generated"`
	DoneNext      int        `json:"done_next"` // least f above the bound in them; 0 if none

	// The answer, once found.
	Solved bool   `json:"solved"`
	Moves  string `json:"moves,omitempty"` // blank moves U D L R

	// key signs the file when it is written; trusted says whether what it
	// records was proven by searches of this key's owner (written signed)
	// or rests on an unverified checkpoint. When read, trusted says whether
	// the signature verified.
	key     []byte
	trusted bool
}

// Identity names what a long solve searches, with what: a checkpoint made
// for anything else is refused.
type Identity struct {
	Board, Goal sliding.Board
	Method      string  // the heuristic's name, such as "pdb 6-6-6-6+mirror"
	Groups      [][]int // its patterns' goal cells
	Tables      uint32  // a checksum of its tables
	// Lower is the heuristic's estimate of Board, the bound of IDA*'s
	// first iteration; 0 skips the checks of a checkpoint that need it.
	Lower int
}

// newCheckpoint returns the identity part of a checkpoint for id, searched
// with a move-pruning machine of length prune and split at depth split.
func newCheckpoint(id Identity, prune, split int) *checkpoint {
	return &checkpoint{
		Board:  newBoardJSON(id.Board),
		Goal:   newBoardJSON(id.Goal),
		Set:    id.Method,
		Groups: id.Groups,
		Tables: fmt.Sprintf("%08x", id.Tables),
		Prune:  prune,
		Split:  split,
	}
}

// encode returns the file's bytes.
func (c *checkpoint) encode() ([]byte, error) {
	body, err := json.Marshal(c)
	if err != nil {
		return nil, err
	}
	var buf bytes.Buffer
	fmt.Fprintf(&buf, "%s %d\n", checkpointMagic, checkpointVersion)
	buf.Write(body)
	buf.WriteByte('\n')
	signed := buf.Len()
	sum := crc32.Checksum(buf.Bytes(), castagnoli)
	fmt.Fprintf(&buf, "crc32c %08x\n", sum)
	if c.trusted && c.key != nil {
		fmt.Fprintf(&buf, "hmac-sha256 %x\n", sign(c.key, buf.Bytes()[:signed]))
	} else {
		buf.WriteString("unverified\n")
	}
	return buf.Bytes(), nil
}

// write replaces the file at path with c, atomically.
func (c *checkpoint) write(path string) error {
	data, err := c.encode()
	if err != nil {
		return err
	}
	return atomicfile.WriteFile(path, data, 0o644)
}

// damaged returns the error for a checkpoint file that does not read.
func damaged(path, why string) error {
	return fmt.Errorf("%w: %s is damaged (%s); delete it to start the solve afresh", ErrCheckpoint, path, why)
}

// readCheckpoint reads the checkpoint at path, verifying its signature
// with key. It fails with errNoCheckpoint if there is no file, and with
// ErrCheckpoint if it is damaged.
func readCheckpoint(path string, key []byte) (*checkpoint, error) {
	data, err := regularfile.ReadFile(path)
	if errors.Is(err, os.ErrNotExist) {
		return nil, errNoCheckpoint
	}
	if err != nil {
		return nil, fmt.Errorf("pdb: reading checkpoint: %w", err)
	}
	return decodeCheckpoint(path, data, key)
}

// decodeCheckpoint decodes the checkpoint file data read from path; its
// trusted field says whether its signature verifies under key.
func decodeCheckpoint(path string, data []byte, key []byte) (*checkpoint, error) {
	lines := strings.SplitAfter(string(data), "\n")
	if len(lines) > 0 && !strings.HasPrefix(lines[0], checkpointMagic) {
		return nil, fmt.Errorf("%w: %s is not a searchlab checkpoint file", ErrCheckpoint, path)
	}
	var version int
	if _, err := fmt.Sscanf(lines[0], checkpointMagic+" %d\n", &version); err != nil {
		return nil, fmt.Errorf("%w: %s is not a searchlab checkpoint file", ErrCheckpoint, path)
	}
	if version != checkpointVersion {
		return nil, fmt.Errorf("%w: %s has format version %d, this searchlab reads %d", ErrCheckpoint, path, version, checkpointVersion)
	}
	if len(lines) != 5 || lines[4] != "" {
		return nil, damaged(path, "not four lines")
	}
	var sum uint32
	if _, err := fmt.Sscanf(lines[2], "crc32c %08x\n", &sum); err != nil {
		return nil, damaged(path, "no checksum line")
	}
	if crc32.Checksum([]byte(lines[0]+lines[1]), castagnoli) != sum {
		return nil, damaged(path, "checksum mismatch")
	}
	var c checkpoint
	var mac []byte
	if h, ok := strings.CutPrefix(lines[3], "hmac-sha256 "); ok {
		mac, _ = hex.DecodeString(strings.TrimSuffix(h, "\n"))
	} else if lines[3] != "unverified\n" {
		return nil, damaged(path, "no signature line")
	}
	c.trusted = key != nil && mac != nil && hmac.Equal(mac, sign(key, []byte(lines[0]+lines[1])))
	dec := json.NewDecoder(strings.NewReader(lines[1]))
	dec.DisallowUnknownFields()
	if err := dec.Decode(&c); err != nil {
		return nil, damaged(path, err.Error())
	}
	if !spans(c.Done).valid() || c.Bound < 0 || c.Bound >= maxDepth || c.Split < 1 || c.Split >= maxDepth ||
		c.Iterations < 0 || c.Expanded < 0 || c.Generated < 0 || c.DoneExpanded < 0 || c.DoneGenerated < 0 || c.DoneNext < 0 {
		return nil, damaged(path, "values out of range")
	}
	return &c, nil
}

// matches checks that old, read from path, is a checkpoint of the same
// solve as cur.
func (old *checkpoint) matches(cur *checkpoint, path string) error {
	switch {
	case !old.Board.equal(cur.Board):
		return fmt.Errorf("%w: %s is for another board (%v), not %v", ErrCheckpoint, path, old.Board, cur.Board)
	case !old.Goal.equal(cur.Goal):
		return fmt.Errorf("%w: %s is for another goal (%v), not %v", ErrCheckpoint, path, old.Goal, cur.Goal)
	case old.Set != cur.Set || fmt.Sprint(old.Groups) != fmt.Sprint(cur.Groups) || old.Tables != cur.Tables:
		return fmt.Errorf("%w: %s was made with other pattern databases (%s, patterns %v, tables %s), not %s, patterns %v, tables %s",
			ErrCheckpoint, path, old.Set, old.Groups, old.Tables, cur.Set, cur.Groups, cur.Tables)
	case old.Prune != cur.Prune:
		return fmt.Errorf("%w: %s was made with other move pruning (redundant sequences up to %d moves), not up to %d: the search's subtrees differ",
			ErrCheckpoint, path, old.Prune, cur.Prune)
	}
	return nil
}

// plausible checks what can be checked cheaply of a checkpoint's claims
// about the search of id (read from path): IDA*'s bounds go up by 2 an
// iteration from the start's estimate (the heuristics of the sets are
// consistent and keep the parity of Manhattan distance), so the bound of
// an unfinished checkpoint is id.Lower + 2 * its finished iterations, and
// a finished one's moves are as many as its bound and the bound of its
// last iteration. What it says of the subtrees finished is taken on trust
// (see docs/formats.md).
func (c *checkpoint) plausible(id Identity, path string) error {
	if id.Lower <= 0 {
		return nil
	}
	wrong := func(why string) error {
		return fmt.Errorf("%w: %s %s; it was not written by this search (edited?): delete it to start the solve afresh", ErrCheckpoint, path, why)
	}
	if c.Solved {
		n := len(c.Moves)
		switch {
		case n < id.Lower || (n-id.Lower)%2 != 0:
			return wrong(fmt.Sprintf("claims a solution of %d moves where the board needs at least %d, of the same parity", n, id.Lower))
		case c.Bound != n:
			return wrong(fmt.Sprintf("claims a solution of %d moves found within a bound of %d", n, c.Bound))
		case c.Iterations != (n-id.Lower)/2+1:
			return wrong(fmt.Sprintf("claims a solution of %d moves after %d iterations from a first bound of %d", n, c.Iterations, id.Lower))
		}
		return nil
	}
	if c.Bound == 0 && c.Iterations == 0 && len(c.Done) == 0 {
		return nil // saved before the first iteration began
	}
	if c.Bound != id.Lower+2*c.Iterations {
		return wrong(fmt.Sprintf("stands at a bound of %d after %d iterations from a first bound of %d (want %d)", c.Bound, c.Iterations, id.Lower, id.Lower+2*c.Iterations))
	}
	return nil
}

// solution returns the solution recorded in a finished checkpoint, checked
// against the board: it must lead there and visit no board twice (a path
// that does is not a shortest one).
func (c *checkpoint) solution(id Identity) (sliding.Solution, error) {
	b, goal := id.Board, id.Goal
	moves, err := sliding.ParseMoves(c.Moves)
	if err == nil {
		err = sliding.Verify(b, goal, moves)
	}
	if err != nil {
		return sliding.Solution{}, fmt.Errorf("%w: its solution does not solve the board: %v", ErrCheckpoint, err)
	}
	seen := map[string]bool{string(b.Tiles): true}
	at := b
	for i, m := range moves {
		if at, err = at.Apply(m); err != nil {
			return sliding.Solution{}, fmt.Errorf("%w: its solution does not solve the board: %v", ErrCheckpoint, err)
		}
		if seen[string(at.Tiles)] {
			return sliding.Solution{}, fmt.Errorf("%w: its solution comes back after move %d to a board it passed: it is not a shortest one (edited?); delete it to start the solve afresh", ErrCheckpoint, i+1)
		}
		seen[string(at.Tiles)] = true
	}
	sol := sliding.Solution{Moves: moves, Optimal: true, Method: id.Method, Bound: len(moves), Stats: search.Stats{
		Expanded: c.Expanded, Generated: c.Generated, Iterations: c.Iterations, PeakFrontier: len(moves),
		Elapsed: time.Duration(c.ElapsedNs)}}
	if !c.trusted {
		unproven(&sol, id.Lower)
	}
	return sol, nil
}

// unverifiedNote is added to the method of a solution whose optimality
// would rest on an unverified checkpoint.
const unverifiedNote = ", lower bound taken from an unverified checkpoint"

// unproven marks sol, whose optimality rests on an unverified checkpoint,
// as not proven optimal unless its length is lower, the proven lower bound.
func unproven(sol *sliding.Solution, lower int) {
	if sol.Len() <= lower {
		return
	}
	sol.Optimal = false
	sol.Bound = lower
	sol.Method += unverifiedNote
}

// CheckpointInfo describes a checkpoint file.
type CheckpointInfo struct {
	Board, Goal sliding.Board
	Set         string // the databases' Method, such as "pdb 6-6-6-6+mirror"
	Bound       int    // the bound of the iteration it stands in (the length, once solved)
	Iterations  int    // iterations finished
	Expanded    int64  // nodes expanded so far, in finished iterations and subtrees
	Subtrees    int64  // subtrees of the current iteration finished
	Elapsed     time.Duration
	Solved      bool
	Moves       []sliding.Move // the solution, once solved
	// Verified reports that its signature verifies under this user's key:
	// it was written by this user's searches (see docs/formats.md).
	Verified bool
}

// ReadCheckpoint describes the checkpoint file at path. It fails with an
// error matching ErrCheckpoint if the file is damaged.
func ReadCheckpoint(path string) (CheckpointInfo, error) {
	var key []byte
	if kp, err := checkpointKeyPath(); err == nil {
		key, _ = readKey(kp)
	}
	c, err := readCheckpoint(path, key)
	if errors.Is(err, errNoCheckpoint) {
		return CheckpointInfo{}, fmt.Errorf("pdb: no checkpoint at %s: %w", path, os.ErrNotExist)
	}
	if err != nil {
		return CheckpointInfo{}, err
	}
	info := CheckpointInfo{Set: c.Set, Bound: c.Bound, Iterations: c.Iterations, Expanded: c.Expanded + c.DoneExpanded,
		Subtrees: spans(c.Done).count(), Elapsed: time.Duration(c.ElapsedNs), Solved: c.Solved, Verified: c.trusted}
	for _, bj := range []struct {
		src boardJSON
		dst *sliding.Board
	}{{c.Board, &info.Board}, {c.Goal, &info.Goal}} {
		if *bj.dst, err = sliding.New(bj.src.W, bj.src.H, bj.src.Tiles); err != nil {
			return CheckpointInfo{}, damaged(path, err.Error())
		}
	}
	if c.Solved {
		if info.Moves, err = sliding.ParseMoves(c.Moves); err != nil {
			return CheckpointInfo{}, damaged(path, err.Error())
		}
	}
	return info, nil
}
