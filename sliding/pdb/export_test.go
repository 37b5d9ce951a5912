package pdb

import "fmt"

// ForgetMachines drops the move-pruning machines kept in memory, as a new
// process would start without them.
func ForgetMachines() { machines.Clear() }

// StampName and StampOf are stampName and stampOf.
var (
	StampName = stampName
	StampOf   = stampOf
)

// DamageAfter clears s's tables, as if their files had turned to zeros,
// and gives s a background check that fails once release is closed.
func DamageAfter(s *Set, release <-chan struct{}) {
	for _, tb := range s.tables {
		clear(tb)
	}
	s.health = watch([]func() error{func() error {
		<-release
		return fmt.Errorf("%w: a checksum does not match", ErrCorrupt)
	}}, nil)
}
