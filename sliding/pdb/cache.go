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

	"github.com/searchlab/searchlab/internal/atomicfile"
	"github.com/searchlab/searchlab/internal/regularfile"
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
//	encoding uint8: 1 = 4 bits an entry, (distance - taxicab)/2 capped at 15;
//	         3 = the same for a zero-aware table (see zero.go), whose entries
//	         are its placements' main regions, then the overflow (entries
//	         counts both); 2 was an earlier zero-aware layout, now refused
//	         (Open rebuilds such a file)
//	payload  uint64: bytes of table that follow the header
//	crc      uint32: CRC-32C of the header bytes before it and of the table
//	padding  zero bytes up to a multiple of 64 bytes from the start
//	table    payload bytes: 8 entries to a little-endian uint32
//
// Version 2 added the padding, so that the table can be mapped into memory
// aligned. Beside each file, NAME.verified records the file's size, times,
// inode and checksum when its checksum was last found good (see stamp).
const (
	formatVersion   = 2
	encodingExcess4 = 1
	encodingZeroOld = 2 // the block builder's state layout, no longer read
	encodingZero4   = 3
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

// CheckDir reports whether Open can save databases in dir (CacheDir() when
// dir is ""): it makes the directory if need be and writes and removes an
// empty file there. The error names the directory.
func CheckDir(dir string) error {
	d, err := Dir(dir)
	if err != nil {
		return err
	}
	if err := os.MkdirAll(d, 0o755); err != nil {
		return fmt.Errorf("pdb: cannot save databases in %s: %w", d, err)
	}
	f, err := os.CreateTemp(d, ".check-*")
	if err != nil {
		return fmt.Errorf("pdb: cannot save databases in %s: %w", d, err)
	}
	f.Close()
	return os.Remove(f.Name())
}

// Dir returns dir, or CacheDir() when dir is "": the directory that Open
// (for Options.Dir), List and Verify use.
func Dir(dir string) (string, error) {
	if dir == "" {
		return CacheDir()
	}
	return dir, nil
}

// fileName names the file of pattern p's table: fileName of its cells,
// with ".z" before the extension for a zero-aware table.
func (p *pattern) fileName(blank int) string {
	name := fileName(p.g.w, p.g.h, blank, p.cells)
	if p.zero {
		name = strings.TrimSuffix(name, fileExt) + ".z" + fileExt
	}
	return name
}

// encoding returns the file encoding of p's table.
func (p *pattern) encoding() int {
	if p.zero {
		return encodingZero4
	}
	return encodingExcess4
}

// fileName names the file of one blank-unaware pattern's table.
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

// writeTable writes one pattern's table to dir, replacing its file whole
// (see package atomicfile), so that a failed write leaves no partial file.
func writeTable(dir string, p *pattern, blank int, t []uint32) error {
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return err
	}
	hd := header{w: p.g.w, h: p.g.h, blank: blank, cells: p.cells, entries: uint64(p.size), encoding: p.encoding(), payload: uint64(len(t)) * 4}
	hb := hd.bytes()
	if !littleEndian {
		swapWords(t)
		defer swapWords(t)
	}
	body := tableBytes(t)
	crc := crc32.Update(crc32.Checksum(hb, castagnoli), castagnoli, body)
	path := filepath.Join(dir, p.fileName(blank))
	err := atomicfile.Write(path, 0o644, func(w io.Writer) error {
		w.Write(hb)
		binary.Write(w, binary.LittleEndian, crc)
		w.Write(make([]byte, headerSize(len(p.cells))-len(hb)-4))
		_, err := w.Write(body)
		return err
	})
	if err != nil {
		return err
	}
	// Verified as written: stamp it, so that Open maps it without reading
	// it whole.
	writeStamp(path, crc)
	return nil
}

// readHeader reads a file's header and its stored checksum; raw is the
// header's bytes before the checksum, and size is the header's length in
// the file, padding included (where the table starts).
func readHeader(r io.Reader) (hd header, raw []byte, crc uint32, size int, err error) {
	fixed := make([]byte, 16)
	if _, err := io.ReadFull(r, fixed); err != nil {
		return hd, nil, 0, 0, fmt.Errorf("%w: short header", ErrCorrupt)
	}
	if [8]byte(fixed[:8]) != magic {
		return hd, nil, 0, 0, fmt.Errorf("%w: not a searchlab pattern database", ErrCorrupt)
	}
	if v := binary.LittleEndian.Uint32(fixed[8:]); v != formatVersion {
		return hd, nil, 0, 0, fmt.Errorf("%w: format version %d, want %d", ErrCorrupt, v, formatVersion)
	}
	hd.w, hd.h, hd.blank = int(fixed[12]), int(fixed[13]), int(fixed[14])
	k := int(fixed[15])
	size = headerSize(k)
	rest := make([]byte, size-16)
	if _, err := io.ReadFull(r, rest); err != nil {
		return hd, nil, 0, 0, fmt.Errorf("%w: short header", ErrCorrupt)
	}
	for i := range k {
		hd.cells = append(hd.cells, int(rest[i]))
	}
	hd.entries = binary.LittleEndian.Uint64(rest[k:])
	hd.encoding = int(rest[k+8])
	hd.payload = binary.LittleEndian.Uint64(rest[k+9:])
	crc = binary.LittleEndian.Uint32(rest[k+17:])
	for _, b := range rest[k+21:] {
		if b != 0 {
			return hd, nil, 0, 0, fmt.Errorf("%w: header padding is not zero", ErrCorrupt)
		}
	}
	raw = append(fixed, rest[:k+17]...)
	return hd, raw, crc, size, nil
}

// headerSize returns the bytes before the table in a file whose pattern has
// k tiles: the header, its checksum and zeros up to a multiple of 64, so
// that a mapped table is aligned.
func headerSize(k int) int {
	return (16 + k + 8 + 1 + 8 + 4 + 63) / 64 * 64
}

// checkHeader reads the header of f, an open table file, and checks that it
// is the table of pattern p for the blank's goal cell blank and that the
// file has exactly the header and the table's bytes. It returns the raw
// header (for the checksum), the stored checksum and the header's size.
// It reads only the header, not the table.
func checkHeader(f *os.File, p *pattern, blank int) (raw []byte, crc uint32, size int, err error) {
	_, raw, crc, size, err = readHeader(bufio.NewReaderSize(f, 256))
	if err != nil {
		return nil, 0, 0, err
	}
	want := header{w: p.g.w, h: p.g.h, blank: blank, cells: p.cells, entries: uint64(p.size), encoding: p.encoding(), payload: uint64((p.size+7)/8) * 4}
	if string(raw) != string(want.bytes()) {
		return nil, 0, 0, fmt.Errorf("%w: header does not match %dx%d, blank %d, pattern %v", ErrCorrupt, want.w, want.h, blank, p.cells)
	}
	fi, err := f.Stat()
	if err != nil {
		return nil, 0, 0, err
	}
	switch n := uint64(size) + want.payload; {
	case uint64(fi.Size()) < n:
		return nil, 0, 0, fmt.Errorf("%w: table cut short", ErrCorrupt)
	case uint64(fi.Size()) > n:
		return nil, 0, 0, fmt.Errorf("%w: data after the table", ErrCorrupt)
	}
	return raw, crc, size, nil
}

// readTable opens the table of pattern p from dir. It fails with an error
// matching fs.ErrNotExist if there is no file, and ErrCorrupt if the file
// is not exactly the table asked for.
//
// Only the header and the file's size are read when the file carries a
// verified stamp (see stamp) that matches it: the table is then mapped into
// memory where the system allows it, and its pages are read as the search
// touches them. Otherwise the whole table is read and its checksum checked
// before it is used, and the stamp is written for the next time.
//
// With inMemory the table is read into memory instead of mapped (see
// Options.InMemory).
func readTable(dir string, p *pattern, blank int, inMemory bool) ([]uint32, error) {
	t, _, err := readTableLater(dir, p, blank, inMemory)
	return t, err
}

// readTableLater is readTable that also returns, for a table taken on the
// word of its stamp, the check of its checksum not made (nil when the
// whole table was checked): the bytes can change after the stamp was
// written, and Open runs the check in the background.
func readTableLater(dir string, p *pattern, blank int, inMemory bool) ([]uint32, func() error, error) {
	path := filepath.Join(dir, p.fileName(blank))
	f, err := regularfile.Open(path)
	if err != nil {
		return nil, nil, err
	}
	defer f.Close()
	raw, crc, off, err := checkHeader(f, p, blank)
	if err != nil {
		return nil, nil, err
	}
	fi, err := f.Stat()
	if err != nil {
		return nil, nil, err
	}
	trusted := readStamp(path) == stampOf(fi, crc)
	payload := int64((p.size+7)/8) * 4
	load := loadWords
	if inMemory {
		load = readResident
	}
	t, err := load(f, int64(off), payload)
	if err != nil {
		return nil, nil, fmt.Errorf("%w: %v", ErrCorrupt, err)
	}
	sum := func() bool { return crc32.Update(crc32.Checksum(raw, castagnoli), castagnoli, tableBytes(t)) == crc }
	var later func() error
	if !trusted {
		if !sum() {
			return nil, nil, fmt.Errorf("%w: checksum mismatch", ErrCorrupt)
		}
		// The file is good: stamp it (failing to is no error, only slower
		// the next time).
		writeStamp(path, crc)
	} else if littleEndian {
		later = func() error {
			ok, same := fileSum(path, fi, raw, int64(off), payload, crc)
			if !same {
				ok = sum() // replaced since: check the bytes in use
			}
			if !ok {
				os.Remove(stampName(path))
				return fmt.Errorf("%w: %s: checksum mismatch: the file changed after it was verified", ErrCorrupt, path)
			}
			return nil
		}
	}
	if !littleEndian {
		swapWords(t) // read, not mapped (see loadWords)
	}
	return t, later, nil
}

// fileSum reports whether the CRC-32C of header and of the n bytes of the
// file at path from offset off is crc, reading the file rather than its
// mapping: the same bytes at less cost than faulting every page of the
// mapping in. same is false, and ok meaningless, when path no longer names
// the file fi describes.
func fileSum(path string, fi os.FileInfo, header []byte, off, n int64, crc uint32) (ok, same bool) {
	f, err := regularfile.Open(path)
	if err != nil {
		return false, false
	}
	defer f.Close()
	if now, err := f.Stat(); err != nil || !os.SameFile(fi, now) {
		return false, false
	}
	body, ok := fileCRC(f, off, n)
	if !ok {
		return false, true
	}
	sum := crcCombine(crc32.Checksum(header, castagnoli), body, n)
	return sum == crc, true
}

// readWords reads the n bytes of f from offset off into new memory, as
// little-endian words.
func readWords(f *os.File, off, n int64) ([]uint32, error) {
	t := make([]uint32, n/4)
	if err := readInto(f, off, t); err != nil {
		return nil, err
	}
	return t, nil
}

// readInto fills t with the bytes of f from offset off, as little-endian
// words.
func readInto(f *os.File, off int64, t []uint32) error {
	if _, err := f.ReadAt(tableBytes(t), off); err != nil {
		return fmt.Errorf("table cut short: %v", err)
	}
	return nil
}

// Verify checks the checksum of every database file in dir ("" for
// CacheDir()) and describes them as List does, with Info.Err set for each
// file that is damaged. Each good file is stamped as verified (see Open),
// so that Open need not read it whole again; a damaged file is left as it
// is, and Open rebuilds it.
func Verify(dir string) ([]Info, error) {
	infos, err := List(dir)
	if err != nil {
		return nil, err
	}
	if dir, err = Dir(dir); err != nil {
		return nil, err
	}
	for i := range infos {
		in := &infos[i]
		if in.Err != nil {
			continue
		}
		g, err := newGeom(in.W, in.H)
		if err != nil {
			in.Err = fmt.Errorf("%w: %v", ErrCorrupt, err)
			continue
		}
		newPat := newPattern
		if in.ZeroAware {
			newPat = newZeroPattern
		}
		p, err := newPat(g, in.Cells)
		if err != nil || in.Blank < 0 || in.Blank >= g.n {
			in.Err = fmt.Errorf("%w: the header names no pattern of a %dx%d board", ErrCorrupt, in.W, in.H)
			continue
		}
		path := filepath.Join(dir, in.Name)
		os.Remove(stampName(path)) // check the whole file, whatever the stamp says
		if _, err := readTable(dir, p, in.Blank, false); err != nil {
			in.Err = err
		}
	}
	return infos, nil
}

// Open returns the set for a w x h board, the blank's goal on cell blank and
// the given partition, reading each pattern's table from the cache
// directory, or building it and saving it there when it is missing, corrupt
// or does not match (with a line on opts.Log saying so). A table that cannot
// be saved (a full disk, a read-only directory) is used all the same, with a
// line on opts.Log, unless opts.MustSave; no partial file is left behind.
func Open(ctx context.Context, w, h, blank int, partition string, opts Options) (*Set, error) {
	s, pats, err := newSet(w, h, blank, partition)
	if err != nil {
		return nil, err
	}
	dir, err := Dir(opts.Dir)
	if err != nil {
		return nil, err
	}
	if opts.MustSave {
		if err := CheckDir(dir); err != nil {
			return nil, err
		}
	}
	logf := func(format string, args ...any) {
		if opts.Log != nil {
			fmt.Fprintf(opts.Log, format+"\n", args...)
		}
	}
	var (
		checks []func() error
		stamps []string
	)
	for i, p := range pats {
		t, later, err := readTableLater(dir, p, blank, opts.InMemory)
		if err == nil {
			s.tables[i] = t
			if later != nil {
				checks = append(checks, later)
				stamps = append(stamps, stampName(filepath.Join(dir, p.fileName(blank))))
			}
			continue
		}
		name := p.fileName(blank)
		if errors.Is(err, ErrCorrupt) {
			logf("pdb: %s: %v; rebuilding it", name, err)
		} else if !errors.Is(err, os.ErrNotExist) {
			return nil, fmt.Errorf("pdb: reading %s: %w", name, err)
		} else {
			how := "this is done once"
			if p.size > 1<<26 {
				how = "this takes under a minute, once"
				if len(p.cells) > blockMaxTiles {
					how = "this takes some minutes, once"
				}
			}
			logf("pdb: building %s (%d entries, %d MB); %s", name, p.size, (p.size+1)/2>>20, how)
		}
		var cb func(int64)
		if opts.Progress != nil {
			cb = func(done int64) { opts.Progress(name, done, p.places) }
		}
		if t, err = build(ctx, p, blank, cb); err != nil {
			return nil, err
		}
		if err := writeTable(dir, p, blank, t); err != nil {
			if opts.MustSave {
				return nil, fmt.Errorf("pdb: saving %s in %s: %w", name, dir, err)
			}
			// Still usable: only the cache is lost.
			logf("pdb: could not save %s: %v; using it without caching", name, err)
		}
		s.tables[i] = t
	}
	l := opts.PruneLength
	if l == 0 {
		l = PruneLength(w, h)
	}
	if s.machine, err = openMachine(ctx, dir, w, h, l, opts.MustSave, logf); err != nil {
		return nil, err
	}
	s.health = watch(checks, stamps)
	return s, nil
}

// Info describes one cached database file.
type Info struct {
	Name    string // file name in the cache directory
	Size    int64  // bytes on disk
	W, H    int    // board size
	Blank   int    // the blank's goal cell
	Cells   []int  // goal cells of the pattern's tiles
	Entries uint64 // placements of the pattern (for a zero-aware table, its states)
	// ZeroAware reports a zero-aware table (see ZeroPrefix).
	ZeroAware bool
	Err       error // why the file is unusable, nil if its header reads well
}

// List describes the database files in dir ("" for CacheDir()), sorted by
// name. It reads headers only; Open checks the tables' checksums.
func List(dir string) ([]Info, error) {
	dir, err := Dir(dir)
	if err != nil {
		return nil, err
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
		f, err := regularfile.Open(filepath.Join(dir, e.Name()))
		if err != nil {
			inf.Err = err
		} else {
			hd, _, _, size, err := readHeader(bufio.NewReader(f))
			f.Close()
			inf.Err = err
			inf.W, inf.H, inf.Blank, inf.Cells, inf.Entries = hd.w, hd.h, hd.blank, hd.cells, hd.entries
			inf.ZeroAware = hd.encoding == encodingZero4 || hd.encoding == encodingZeroOld
			if err == nil && hd.encoding == encodingZeroOld {
				inf.Err = fmt.Errorf("%w: a zero-aware table in an earlier layout (encoding 2); opening its set rebuilds it", ErrCorrupt)
			}
			if err == nil && inf.Size != int64(size)+int64(hd.payload) {
				inf.Err = fmt.Errorf("%w: %d bytes, header says %d", ErrCorrupt, inf.Size, int64(size)+int64(hd.payload))
			}
		}
		out = append(out, inf)
	}
	sort.Slice(out, func(i, j int) bool { return out[i].Name < out[j].Name })
	return out, nil
}

// Cached returns the table entries of the set of partition for w x h
// boards whose goal has the blank on cell goalBlank, and whether every
// one of its tables is in dir with a header that matches and the right
// size (the checksum is checked when the set is opened). It returns 0,
// false for a partition that does not fit.
func Cached(dir string, w, h, goalBlank int, partition string) (entries int64, cached bool) {
	blank, spec, err := Canonical(w, h, goalBlank, partition)
	if err != nil {
		return 0, false
	}
	_, pats, err := newSet(w, h, blank, spec)
	if err != nil {
		return 0, false
	}
	cached = true
	for _, p := range pats {
		entries += p.size
		if cached && !tableCached(dir, p, blank) {
			cached = false
		}
	}
	return entries, cached
}

// tableCached reports whether dir holds the file of p's table with a header
// that matches and the right size.
func tableCached(dir string, p *pattern, blank int) bool {
	f, err := regularfile.Open(filepath.Join(dir, p.fileName(blank)))
	if err != nil {
		return false
	}
	defer f.Close()
	_, _, _, err = checkHeader(f, p, blank)
	return err == nil
}
