package pdb

import (
	"context"
	"math/rand/v2"
	"testing"

	"github.com/searchlab/searchlab/sliding"
)

// TestChildRank checks childRank (moveRank) and tableRank against
// the rank computed from scratch once the move is made, for every sum and
// every move on the boards of random walks.
func TestChildRank(t *testing.T) {
	tests := []struct {
		w, h      int
		partition string
	}{
		{3, 3, "2-2-2-2"},
		{4, 3, "4-4-3"},
		{4, 4, "5-5-5"},
		{5, 5, "4-4-4-4-4-4"},
		{6, 4, "4-4-4-4-4-3"},
	}
	rng := rand.New(rand.NewPCG(3, 4))
	for _, tc := range tests {
		t.Run(tc.partition, func(t *testing.T) {
			goal := sliding.Standard(tc.w, tc.h)
			set, err := Build(context.Background(), tc.w, tc.h, goal.Blank(), tc.partition, nil)
			if err != nil {
				t.Fatal(err)
			}
			v := set.solver()
			wantFast := tc.w <= 5 && tc.h <= 5
			if v.fastRank != wantFast {
				t.Fatalf("fastRank %v on %dx%d, want %v", v.fastRank, tc.w, tc.h, wantFast)
			}
			cells := make([]uint8, tc.w*tc.h)
			for c := range cells {
				cells[c] = uint8(c)
			}
			blank := v.blank
			checked := 0
			for range 300 {
				var n node
				v.init(&n, cells)
				b := n.blank
				for q, c8 := range v.nbrs[b] {
					if c8 < 0 {
						continue
					}
					c := int(c8)
					tile := n.cell[c]
					moved := append([]uint8(nil), cells...)
					moved[b], moved[c] = tile, uint8(blank)
					var m node
					v.init(&m, moved)
					for k := range v.nview {
						want := m.rk[v.lookOf[k][tile]]
						got, li := v.childRank(&n, k, tile, c, b)
						if got != want || int8(li) != v.lookOf[k][tile] {
							t.Fatalf("childRank, sum %d, tile %d from cell %d to %d: rank %d of term %d, want %d of term %d", k, tile, c, b, got, li, want, v.lookOf[k][tile])
						}
						checked++
						if wantFast {
							ref := &v.ref[k][tile]
							got := v.tableRank(&n, ref, &v.over[k][tile], moveIndex(ref.frame, moveCode(b, int(v.ndir[b][q]))))
							if got != want || int8(ref.li) != v.lookOf[k][tile] {
								t.Fatalf("tableRank, sum %d, tile %d from cell %d to %d: rank %d of term %d, want %d of term %d", k, tile, c, b, got, ref.li, want, v.lookOf[k][tile])
							}
							checked++
						}
					}
				}
				// A random move on.
				for {
					c := v.nbrs[b][rng.IntN(4)]
					if c >= 0 {
						cells[b], cells[c] = cells[c], uint8(blank)
						break
					}
				}
			}
			if checked == 0 {
				t.Fatal("nothing checked")
			}
		})
	}
}
