package pdb

import (
	"fmt"
	"io/fs"
	"os"
	"time"

	"github.com/searchlab/searchlab/internal/regularfile"
)

// A verified stamp is a small file beside a database file, NAME.verified,
// that records the database file's size, modification and change times,
// inode, device and checksum when its checksum was last found good: when the
// file is written, when Open reads a file that has no matching stamp, and
// on Verify. Open trusts a file whose stamp matches it without reading it
// whole. Any write to the file changes its change time (and, unless the
// writer sets it back, its modification time), and a file replaced by
// another has another inode, so a damaged file no longer matches its stamp
// and is read whole and checked again. A stamp is written only for a file
// whose modification time is set at least two seconds in the past, so that
// a write in the same clock tick as the check cannot leave the times as
// they were.

const stampExt = ".verified"

// stampName returns the stamp's path for the database file at path.
func stampName(path string) string { return path + stampExt }

// stampOf returns the stamp of a file with info fi and checksum crc.
func stampOf(fi fs.FileInfo, crc uint32) string {
	ino, dev, ctime := fileIdentity(fi)
	return fmt.Sprintf("searchlab pdb verified\nsize %d\nmtime %d\nctime %d\ninode %d\ndevice %d\ncrc %08x\n",
		fi.Size(), fi.ModTime().UnixNano(), ctime, ino, dev, crc)
}

// readStamp returns the stamp beside the file at path, or "" if it has none.
func readStamp(path string) string {
	b, err := regularfile.ReadFile(stampName(path))
	if err != nil || len(b) > 512 {
		return ""
	}
	return string(b)
}

// writeStamp records that the file at path, whose whole contents were just
// found to match crc, is good. Errors are ignored: without a stamp the file
// is only checked again next time.
func writeStamp(path string, crc uint32) {
	fi, err := os.Stat(path)
	if err != nil {
		return
	}
	if mt := fi.ModTime(); time.Since(mt) < 2*time.Second {
		// Move the modification time out of the current clock tick, so that
		// any later write changes it.
		if os.Chtimes(path, time.Time{}, mt.Add(-2*time.Second)) != nil {
			return
		}
		if fi, err = os.Stat(path); err != nil {
			return
		}
	}
	os.WriteFile(stampName(path), []byte(stampOf(fi, crc)), 0o644)
}
