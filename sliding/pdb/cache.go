package pdb

import (
	"bufio"
	"context"
	"encoding/binary"
	"errors"
	"fmt"
	"hash/crc32"
	"io"
	"os"
	"path/filepath"
	"sort"
	"strconv"
	"strings"
	"unsafe"

	"github.com/searchlab/searchlab/search"
	"github.com/searchlab/searchlab/sliding"
)

// The file format of one pattern's table, all numbers little-endian:
//
//	magic    8 bytes "SLABPDB\x00"
//	version  uint32 (formatVersion)
//	w, h     uint8 each: the board size
//	blank    uint8: the blank's goal cell
//	k        uint8: the number of tiles in the pattern
//	cells    k bytes: the goal cells of the pattern's tiles, increasing
//	entries  uint64: the number of placements, n!/(n-k)!
//	encoding uint8: 1 = 4 bits an entry, (distance - taxicab)/2 capped at 15
//	payload  uint64: bytes of table that follow the header
//	crc      uint32: CRC-32C of the header bytes before it and of the table
//	table    payload bytes: 8 entries to a little-endian uint32
const (
	formatVersion   = 1
	encodingExcess4 = 1
	fileExt         = ".pdb"
)

var magic = [8]byte{'S', 'L', 'A', 'B', 'P', 'D', 'B', 0}

var castagnoli = crc32.MakeTable(crc32.Castagnoli)

// ErrCorrupt reports a database file whose header does not match what was
// asked for, or whose checksum does not match its contents.
var ErrCorrupt = errors.New("pdb: corrupt or mismatched database file")

// CacheDir returns the directory where Open keeps databases:
// os.UserCacheDir()/searchlab/pdb ($XDG_CACHE_HOME/searchlab/pdb on Linux
// when that is set).
func CacheDir() (string, error) {
	d, err := os.UserCacheDir()
	if err != nil {
		return "", fmt.Errorf("pdb: no cache directory: %w", err)
	}
	return filepath.Join(d, "searchlab", "pdb"), nil
}

// fileName names the file of one pattern's table.
func fileName(w, h, blank int, cells []int) string {
	var sb strings.Builder
	fmt.Fprintf(&sb, "%dx%d-b%d-", w, h, blank)
	for i, c := range cells {
		if i > 0 {
			sb.WriteByte('.')
		}
		sb.WriteString(strconv.Itoa(c))
	}
	sb.WriteString(fileExt)
	return sb.String()
}

// header is the part of a file before the table.
type header struct {
	w, h, blank int
	cells       []int
	entries     uint64
	encoding    int
	payload     uint64
}

func (hd *header) bytes() []byte {
	b := append([]byte(nil), magic[:]...)
	b = binary.LittleEndian.AppendUint32(b, formatVersion)
	b = append(b, byte(hd.w), byte(hd.h), byte(hd.blank), byte(len(hd.cells)))
	for _, c := range hd.cells {
		b = append(b, byte(c))
	}
	b = binary.LittleEndian.AppendUint64(b, hd.entries)
	b = append(b, byte(hd.encoding))
	b = binary.LittleEndian.AppendUint64(b, hd.payload)
	return b
}

func unsafeWords(b []byte) []uint32 {
	return unsafe.Slice((*uint32)(unsafe.Pointer(&b[0])), len(b)/4)
}

func tableBytes(t []uint32) []byte {
	if len(t) == 0 {
		return nil
	}
	return unsafe.Slice((*byte)(unsafe.Pointer(&t[0])), len(t)*4)
}

// littleEndian reports whether this machine stores uint32 low byte first,
// as the file does.
var littleEndian = func() bool {
	x := uint32(1)
	return *(*byte)(unsafe.Pointer(&x)) == 1
}()

func swapWords(t []uint32) {
	for i, x := range t {
		t[i] = x>>24 | x>>8&0xff00 | x<<8&0xff0000 | x<<24
	}
}

// createTemp is os.CreateTemp; tests replace it to make writes fail.
var createTemp = os.CreateTemp

// writeTable writes one pattern's table to dir, through a temporary file
// renamed into place, so that a failed write leaves no partial file.
func writeTable(dir string, p *pattern, blank int, t []uint32) (err error) {
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return err
	}
	name := fileName(p.g.w, p.g.h, blank, p.cells)
	f, err := createTemp(dir, name+".tmp-*")
	if err != nil {
		return err
	}
	defer func() {
		if err != nil {
			f.Close()
			os.Remove(f.Name())
		}
	}()
	hd := header{w: p.g.w, h: p.g.h, blank: blank, cells: p.cells, entries: uint64(p.size), encoding: encodingExcess4, payload: uint64(len(t)) * 4}
	hb := hd.bytes()
	if !littleEndian {
		swapWords(t)
		defer swapWords(t)
	}
	body := tableBytes(t)
	crc := crc32.Update(crc32.Checksum(hb, castagnoli), castagnoli, body)
	bw := bufio.NewWriterSize(f, 1<<20)
	bw.Write(hb)
	binary.Write(bw, binary.LittleEndian, crc)
	bw.Write(body)
	if err := bw.Flush(); err != nil {
		return err
	}
	if err := f.Sync(); err != nil {
		return err
	}
	if err := f.Chmod(0o644); err != nil {
		return err
	}
	if err := f.Close(); err != nil {
		return err
	}
	return os.Rename(f.Name(), filepath.Join(dir, name))
}

// readHeader reads a file's header and its stored checksum.
func readHeader(r io.Reader) (header, []byte, uint32, error) {
	var hd header
	fixed := make([]byte, 16)
	if _, err := io.ReadFull(r, fixed); err != nil {
		return hd, nil, 0, fmt.Errorf("%w: short header", ErrCorrupt)
	}
	if [8]byte(fixed[:8]) != magic {
		return hd, nil, 0, fmt.Errorf("%w: not a searchlab pattern database", ErrCorrupt)
	}
	if v := binary.LittleEndian.Uint32(fixed[8:]); v != formatVersion {
		return hd, nil, 0, fmt.Errorf("%w: format version %d, want %d", ErrCorrupt, v, formatVersion)
	}
	hd.w, hd.h, hd.blank = int(fixed[12]), int(fixed[13]), int(fixed[14])
	k := int(fixed[15])
	rest := make([]byte, k+8+1+8+4)
	if _, err := io.ReadFull(r, rest); err != nil {
		return hd, nil, 0, fmt.Errorf("%w: short header", ErrCorrupt)
	}
	for i := range k {
		hd.cells = append(hd.cells, int(rest[i]))
	}
	hd.entries = binary.LittleEndian.Uint64(rest[k:])
	hd.encoding = int(rest[k+8])
	hd.payload = binary.LittleEndian.Uint64(rest[k+9:])
	crc := binary.LittleEndian.Uint32(rest[k+17:])
	raw := append(fixed, rest[:k+17]...)
	return hd, raw, crc, nil
}

// readTable reads the table of pattern p from dir. It fails with an error
// matching fs.ErrNotExist if there is no file, and ErrCorrupt if the file
// is not exactly the table asked for.
func readTable(dir string, p *pattern, blank int) ([]uint32, error) {
	f, err := os.Open(filepath.Join(dir, fileName(p.g.w, p.g.h, blank, p.cells)))
	if err != nil {
		return nil, err
	}
	defer f.Close()
	br := bufio.NewReaderSize(f, 1<<16)
	_, raw, crc, err := readHeader(br)
	if err != nil {
		return nil, err
	}
	want := header{w: p.g.w, h: p.g.h, blank: blank, cells: p.cells, entries: uint64(p.size), encoding: encodingExcess4, payload: uint64((p.size+7)/8) * 4}
	if string(raw) != string(want.bytes()) {
		return nil, fmt.Errorf("%w: header does not match %dx%d, blank %d, pattern %v", ErrCorrupt, want.w, want.h, blank, p.cells)
	}
	// Plain memory: huge pages would spare TLB misses in the search, but
	// faulting them in costs seconds, and the search is no faster for it.
	t := make([]uint32, want.payload/4)
	body := tableBytes(t)
	if _, err := io.ReadFull(br, body); err != nil {
		return nil, fmt.Errorf("%w: table cut short", ErrCorrupt)
	}
	if n, _ := br.Read(make([]byte, 1)); n != 0 {
		return nil, fmt.Errorf("%w: data after the table", ErrCorrupt)
	}
	if crc32.Update(crc32.Checksum(raw, castagnoli), castagnoli, body) != crc {
		return nil, fmt.Errorf("%w: checksum mismatch", ErrCorrupt)
	}
	if !littleEndian {
		swapWords(t)
	}
	return t, nil
}

// Open returns the set for a w x h board, the blank's goal on cell blank and
// the given partition, reading each pattern's table from the cache
// directory, or building it and saving it there when it is missing, corrupt
// or does not match (with a line on opts.Log saying so). A table that cannot
// be saved (a full disk, a read-only directory) is used all the same, with a
// line on opts.Log; no partial file is left behind.
func Open(ctx context.Context, w, h, blank int, partition string, opts Options) (*Set, error) {
	s, pats, err := newSet(w, h, blank, partition)
	if err != nil {
		return nil, err
	}
	dir := opts.Dir
	if dir == "" {
		if dir, err = CacheDir(); err != nil {
			return nil, err
		}
	}
	logf := func(format string, args ...any) {
		if opts.Log != nil {
			fmt.Fprintf(opts.Log, format+"\n", args...)
		}
	}
	for i, p := range pats {
		t, err := readTable(dir, p, blank)
		if err == nil {
			s.tables[i] = t
			continue
		}
		name := fileName(w, h, blank, p.cells)
		if errors.Is(err, ErrCorrupt) {
			logf("pdb: %s: %v; rebuilding it", name, err)
		} else if !errors.Is(err, os.ErrNotExist) {
			return nil, fmt.Errorf("pdb: reading %s: %w", name, err)
		} else {
			how := "this is done once"
			if p.size > 1<<26 {
				how = "this takes under a minute, once"
				if !useBlockBuilder || len(p.cells) > blockMaxTiles {
					how = "this takes some minutes, once"
				}
			}
			logf("pdb: building %s (%d entries, %d MB); %s", name, p.size, (p.size+1)/2>>20, how)
		}
		var cb func(int64)
		if opts.Progress != nil {
			cb = func(done int64) { opts.Progress(name, done, p.size) }
		}
		if t, err = build(ctx, p, blank, cb); err != nil {
			return nil, err
		}
		if err := writeTable(dir, p, blank, t); err != nil {
			// Still usable: only the cache is lost.
			logf("pdb: could not save %s: %v; using it without caching", name, err)
		}
		s.tables[i] = t
	}
	return s, nil
}

// Info describes one cached database file.
type Info struct {
	Name    string // file name in the cache directory
	Size    int64  // bytes on disk
	W, H    int    // board size
	Blank   int    // the blank's goal cell
	Cells   []int  // goal cells of the pattern's tiles
	Entries uint64 // placements of the pattern
	Err     error  // why the file is unusable, nil if its header reads well
}

// List describes the database files in dir ("" for CacheDir()), sorted by
// name. It reads headers only; Open checks the tables' checksums.
func List(dir string) ([]Info, error) {
	if dir == "" {
		var err error
		if dir, err = CacheDir(); err != nil {
			return nil, err
		}
	}
	ents, err := os.ReadDir(dir)
	if errors.Is(err, os.ErrNotExist) {
		return nil, nil
	}
	if err != nil {
		return nil, err
	}
	var out []Info
	for _, e := range ents {
		if e.IsDir() || !strings.HasSuffix(e.Name(), fileExt) {
			continue
		}
		inf := Info{Name: e.Name()}
		if fi, err := os.Stat(filepath.Join(dir, e.Name())); err == nil {
			inf.Size = fi.Size() // of the file a link points to
		}
		f, err := os.Open(filepath.Join(dir, e.Name()))
		if err != nil {
			inf.Err = err
		} else {
			hd, _, _, err := readHeader(bufio.NewReader(f))
			f.Close()
			inf.Err = err
			inf.W, inf.H, inf.Blank, inf.Cells, inf.Entries = hd.w, hd.h, hd.blank, hd.cells, hd.entries
			if err == nil && inf.Size != int64(len(hd.bytes())+4)+int64(hd.payload) {
				inf.Err = fmt.Errorf("%w: %d bytes, header says %d", ErrCorrupt, inf.Size, int64(len(hd.bytes())+4)+int64(hd.payload))
			}
		}
		out = append(out, inf)
	}
	sort.Slice(out, func(i, j int) bool { return out[i].Name < out[j].Name })
	return out, nil
}

// Solve solves b for goal optimally with the given partition ("" for
// DefaultPartition), opening (and if need be building) its databases with
// opts, for the canonical cell of the goal's blank (see CanonicalBlank).
// See Set.Solve.
func Solve(ctx context.Context, b, goal sliding.Board, partition string, opts Options, lim search.Limits) (sliding.Solution, error) {
	if b.W != goal.W || b.H != goal.H {
		return sliding.Solution{}, fmt.Errorf("pdb: board %dx%d, goal %dx%d", b.W, b.H, goal.W, goal.H)
	}
	if partition == "" {
		var ok bool
		if partition, ok = DefaultPartition(b.W, b.H); !ok {
			return sliding.Solution{}, fmt.Errorf("pdb: no pattern databases for a %dx%d board", b.W, b.H)
		}
	}
	if !sliding.Solvable(b, goal) {
		return sliding.Solution{}, sliding.ErrUnsolvable
	}
	blank, partition, err := Canonical(b.W, b.H, goal.Blank(), partition)
	if err != nil {
		return sliding.Solution{}, err
	}
	s, err := Open(ctx, b.W, b.H, blank, partition, opts)
	if err != nil {
		return sliding.Solution{}, err
	}
	return s.Solve(ctx, b, goal, lim)
}
