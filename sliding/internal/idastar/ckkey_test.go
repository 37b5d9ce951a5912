package idastar

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"
)

// TestCheckpointKey checks that the key is made once, readable by its
// owner alone, that processes making it at once agree on it, and that a
// damaged key file is an error, not a new key.
func TestCheckpointKey(t *testing.T) {
	t.Setenv("XDG_CONFIG_HOME", t.TempDir())
	keys := make([][]byte, 8)
	errs := make([]error, 8)
	var wg sync.WaitGroup
	for i := range keys {
		wg.Go(func() { keys[i], errs[i] = checkpointKey() })
	}
	wg.Wait()
	for i := range keys {
		if errs[i] != nil || len(keys[i]) != keyLen || !bytes.Equal(keys[i], keys[0]) {
			t.Fatalf("key %d: %x, %v; want the same %d bytes as key 0 (%x)", i, keys[i], errs[i], keyLen, keys[0])
		}
	}
	path, err := checkpointKeyPath()
	if err != nil {
		t.Fatal(err)
	}
	fi, err := os.Stat(path)
	if err != nil || fi.Mode().Perm() != 0o600 {
		t.Fatalf("key file: %v, %v; want mode 0600", fi.Mode(), err)
	}
	if left, _ := filepath.Glob(filepath.Join(filepath.Dir(path), "*.tmp-*")); len(left) != 0 {
		t.Errorf("temporary files left: %v", left)
	}
	if err := os.WriteFile(path, []byte("not a key\n"), 0o600); err != nil {
		t.Fatal(err)
	}
	if key, err := checkpointKey(); err == nil || !strings.Contains(err.Error(), path) {
		t.Errorf("a damaged key file: %x, %v; want an error naming it", key, err)
	}
}

// TestCheckpointSignature checks that a checkpoint written trusted comes
// back trusted under the same key, and unverified under another key,
// when edited (with its CRC made to match), or when written untrusted.
func TestCheckpointSignature(t *testing.T) {
	key, other := bytes.Repeat([]byte{1}, keyLen), bytes.Repeat([]byte{2}, keyLen)
	c := &checkpoint{Board: boardJSON{W: 2, H: 2, Tiles: []int{1, 2, 3, 0}}, Split: 3, Bound: 10, Done: [][2]int64{{0, 5}}, key: key, trusted: true}
	signed, err := c.encode()
	if err != nil {
		t.Fatal(err)
	}
	c.trusted = false
	unsigned, err := c.encode()
	if err != nil {
		t.Fatal(err)
	}
	c.trusted, c.Done = true, [][2]int64{{0, 6}}
	edited, err := c.encode() // a valid CRC, then the old signature put back
	if err != nil {
		t.Fatal(err)
	}
	lines := strings.SplitAfter(string(edited), "\n")
	lines[3] = strings.SplitAfter(string(signed), "\n")[3]
	edited = []byte(strings.Join(lines, ""))
	tests := []struct {
		name    string
		data    []byte
		key     []byte
		trusted bool
	}{
		{"signed, same key", signed, key, true},
		{"signed, another key", signed, other, false},
		{"signed, no key", signed, nil, false},
		{"written unverified", unsigned, key, false},
		{"edited", edited, key, false},
	}
	for _, tc := range tests {
		got, err := decodeCheckpoint("ck", tc.data, tc.key)
		if err != nil || got.trusted != tc.trusted {
			t.Errorf("%s: trusted %v, %v; want %v", tc.name, got != nil && got.trusted, err, tc.trusted)
		}
	}
	lines = strings.SplitAfter(string(signed), "\n")
	lines[3] = "hmac 00\n"
	if _, err := decodeCheckpoint("ck", []byte(strings.Join(lines, "")), key); err == nil || !strings.Contains(err.Error(), "no signature line") {
		t.Errorf("a bad signature line: %v; want an error", err)
	}
}
