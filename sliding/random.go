package sliding

import "math/rand/v2"

// Random returns a uniformly random w x h board drawn with r: every
// arrangement is equally likely, so half of them cannot reach a given goal.
func Random(r *rand.Rand, w, h int) Board {
	n := w * h
	b := Board{W: w, H: h, Tiles: make([]uint8, n)}
	for i := range b.Tiles {
		b.Tiles[i] = uint8(i)
	}
	r.Shuffle(n, func(i, j int) { b.Tiles[i], b.Tiles[j] = b.Tiles[j], b.Tiles[i] })
	return b
}

// RandomSolvable returns a uniformly random board that can reach goal, or,
// with solvable false, one that cannot: a random board, with two tiles
// swapped if its parity is the wrong one.
func RandomSolvable(r *rand.Rand, goal Board, solvable bool) Board {
	b := Random(r, goal.W, goal.H)
	if Solvable(b, goal) != solvable {
		swapTwoTiles(b)
	}
	return b
}

// swapTwoTiles swaps two of the first three cells of b that hold tiles (not
// the blank), which flips whether b can reach a given goal.
func swapTwoTiles(b Board) {
	i, j := 0, 1
	if b.Tiles[i] == 0 {
		i = 2
	} else if b.Tiles[j] == 0 {
		j = 2
	}
	b.Tiles[i], b.Tiles[j] = b.Tiles[j], b.Tiles[i]
}

// Scramble returns the board reached from start by a random walk of n
// moves drawn with r, never undoing the move before.
func Scramble(r *rand.Rand, start Board, n int) Board {
	b := start.Clone()
	blank := b.Blank()
	var prev Move
	for k := 0; k < n; {
		m := allMoves[r.IntN(4)]
		if prev != 0 && m == prev.Opposite() {
			continue
		}
		to, ok := Target(b.W, b.H, blank, m)
		if !ok {
			continue
		}
		b.Tiles[blank], b.Tiles[to] = b.Tiles[to], 0
		blank, prev = to, m
		k++
	}
	return b
}

// RandomBatch returns n random boards for goal drawn with r, alternately
// solvable and not: boards 1, 3, 5 ... can reach goal and boards 2, 4, 6 ...
// cannot, each uniformly random among its kind (see RandomSolvable).
func RandomBatch(r *rand.Rand, goal Board, n int) []Board {
	boards := make([]Board, n)
	for i := range boards {
		boards[i] = RandomSolvable(r, goal, i%2 == 0)
	}
	return boards
}
