package stroke

import "math/rand/v2"

// colourLetters are the colours Random draws from, in order: RGBY, then
// the other letters but O.
const colourLetters = "RGBYACDEFHIJKLMNPQSTUVWXZ"

// Random returns a rows x cols board drawn with r: each cell, in reading
// order, a hole with probability holes, else one of the first colours
// letters of "RGBYACDEF..." (colours from 1 to 25); then the player on a
// random cell. The same draws give the same board, so a seeded r gives
// programs and benchmarks the boards of this package's tests.
func Random(r *rand.Rand, rows, cols, colours int, holes float64) *Board {
	b := &Board{Rows: rows, Cols: cols, Cells: make([]byte, rows*cols)}
	for i := range b.Cells {
		if holes > 0 && r.Float64() < holes {
			b.Cells[i] = Hole
		} else {
			b.Cells[i] = colourLetters[r.IntN(colours)]
		}
	}
	b.Cells[r.IntN(rows*cols)] = Player
	return b
}
