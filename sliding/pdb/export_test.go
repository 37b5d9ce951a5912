package pdb

// ForgetMachines drops the move-pruning machines kept in memory, as a new
// process would start without them.
func ForgetMachines() { machines.Clear() }
