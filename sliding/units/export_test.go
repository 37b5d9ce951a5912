package units

// SplitEight gives the external tests the set-up of the internal ones.
var SplitEight = splitEight
