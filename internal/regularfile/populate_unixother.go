//go:build unix && !linux

package regularfile

// mapPopulate is no flag where mappings cannot be populated at once.
const mapPopulate = 0
