package pdbsearch

// General returns a Searcher with s's set whose engine never uses the
// search compiled for two sums (expand[two] of package idastar), or with
// general false one that uses it where it applies.
func General(s *Searcher, general bool) *Searcher {
	return &Searcher{set: s.set, general: general}
}
