package sliding

// RaceEnabled is raceEnabled for the tests of package sliding_test.
const RaceEnabled = raceEnabled
