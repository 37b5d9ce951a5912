package idastar

import (
	"bytes"
	"crypto/hmac"
	"crypto/rand"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"os"
	"path/filepath"

	"github.com/searchlab/searchlab/internal/regularfile"
)

// A checkpoint is signed with HMAC-SHA256 under a secret of the user's,
// made at random on first use and kept, readable by the user alone, in
// the user's configuration directory. A checkpoint whose signature
// verifies was written by a search of this user on this machine (or one
// given the same key file); any other (edited, or written elsewhere) is
// unverified, and what it says of the work done is not taken as proof (see
// docs/formats.md).

// keyLen is the length of the secret in bytes.
const keyLen = 32

// keyFileName is the key's file in the user's configuration directory.
const keyFileName = "checkpoint.key"

// checkpointKeyPath returns the path of the key file:
// os.UserConfigDir()/searchlab/checkpoint.key.
func checkpointKeyPath() (string, error) {
	d, err := os.UserConfigDir()
	if err != nil {
		return "", err
	}
	return filepath.Join(d, "searchlab", keyFileName), nil
}

// checkpointKey returns the user's checkpoint key, making it on first use.
func checkpointKey() ([]byte, error) {
	path, err := checkpointKeyPath()
	if err != nil {
		return nil, fmt.Errorf("pdb: no place for the key that signs checkpoints: %w", err)
	}
	key, err := readKey(path)
	if errors.Is(err, os.ErrNotExist) {
		if err = makeKey(path); err == nil {
			key, err = readKey(path)
		}
	}
	if err != nil {
		return nil, fmt.Errorf("pdb: the key that signs checkpoints: %w", err)
	}
	return key, nil
}

// readKey reads the key file at path: the key in hex and a newline.
func readKey(path string) ([]byte, error) {
	data, err := regularfile.ReadFile(path)
	if err != nil {
		return nil, err
	}
	key, err := hex.DecodeString(string(bytes.TrimSuffix(data, []byte("\n"))))
	if err != nil || len(key) != keyLen {
		return nil, fmt.Errorf("%s is not %d bytes in hex (delete it to make a new one; checkpoints signed with it become unverified)", path, keyLen)
	}
	return key, nil
}

// makeKey writes a new random key at path unless a file is there. The key
// is written aside and linked into place, so that two processes making it
// at once agree on one key.
func makeKey(path string) error {
	dir := filepath.Dir(path)
	if err := os.MkdirAll(dir, 0o700); err != nil {
		return err
	}
	key := make([]byte, keyLen)
	rand.Read(key)
	f, err := os.CreateTemp(dir, keyFileName+".tmp-*") // mode 0600
	if err != nil {
		return err
	}
	defer os.Remove(f.Name())
	_, err = fmt.Fprintf(f, "%x\n", key)
	if err == nil {
		err = f.Sync()
	}
	if cerr := f.Close(); err == nil {
		err = cerr
	}
	if err != nil {
		return err
	}
	if err := os.Link(f.Name(), path); err != nil && !errors.Is(err, os.ErrExist) {
		return err
	}
	return nil
}

// sign returns the HMAC-SHA256 of data under key.
func sign(key, data []byte) []byte {
	m := hmac.New(sha256.New, key)
	m.Write(data)
	return m.Sum(nil)
}
