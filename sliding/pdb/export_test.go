package pdb

// ForgetMachines drops the move-pruning machines kept in memory, as a new
// process would start without them.
func ForgetMachines() { machines.Clear() }

// SetExpand2 turns the two-sum search (expand2) of s on or off, where s
// can use it, and returns a function that puts the old setting back.
func SetExpand2(s *Set, on bool) (restore func()) {
	s.once.Do(func() { s.v = newSolver(s) })
	old := s.v.two
	s.v.two = on && s.v.nview == 2 && s.v.fastRank
	return func() { s.v.two = old }
}
