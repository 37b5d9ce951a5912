package pdb

import "github.com/searchlab/searchlab/sliding/internal/idastar"

// ForgetMachines drops the move-pruning machines kept in memory, as a new
// process would start without them.
func ForgetMachines() { machines.Clear() }

// SetExpand2 turns the two-sum search (expand[two] of package idastar) of s on or off, where s
// can use it, and returns a function that puts the old setting back.
func SetExpand2(s *Set, on bool) (restore func()) {
	old := s.engine()
	cfg := s.config()
	cfg.General = !on
	s.eng = idastar.New(cfg)
	return func() { s.eng = old }
}
