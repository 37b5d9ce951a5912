package pdb

import (
	"fmt"
	"slices"
	"strings"
)

// CataloguePartition is the name of the named set that takes, for the
// 24-puzzle, the largest of several additive 6-6-6-6 heuristics: the seven
// partitions of Clausecker & Reinefeld's "small" catalogue (clausecker/24puzzle,
// catalogues/small-t.cat; SoCS 2019 and its follow-up), each also looked up
// on the board reflected about the main diagonal, fourteen sums in all. The
// 28 patterns come to 14 distinct tables (a pattern and its reflection
// share one), 893 MB in memory and on disk.
//
// Our databases are blank-unaware (only moves of pattern tiles count), not
// the zero-aware ones of the paper, so the heuristic is weaker than the
// published one for the same patterns.
const CataloguePartition = "catalogue"

// Catalogue3Partition names the smaller catalogue of three of those
// partitions (0, 4 and 1), chosen greedily as the partitions that, added
// to 0, cut the most nodes: 6 sums and 8 tables (510 MB). It expands more
// nodes than the whole catalogue but spends less on each.
const Catalogue3Partition = "catalogue3"

// Catalogue7Partition names the maximum of two partitions of the 24-puzzle
// with the blank's goal in a corner, each also looked up reflected:
// 6-6-6-6 and 7-7-5-5 (see ParsePartition), four sums over eight tables
// (2.7 GB, the two 7-tile tables 1.2 GB each).
const Catalogue7Partition = "catalogue7"

// cataloguePatterns lists the partitions of the catalogue for the 5x5 board
// with the blank's goal on cell 0, as the goal cells of each pattern's
// tiles. Partition 0 is Clausecker & Reinefeld's "0" (and Döbbelin et al.'s
// 6-6-6-6), whose reflection is our "6-6-6-6"; the others are their
// partitions 1 to 6, in their order. (Partition 0 itself is our 6-6-6-6
// reflected, which the mirror lookup covers: cataloguePartitions puts our
// 6-6-6-6 first in its place.)
var cataloguePatterns = [][][]int{
	{{1, 2, 5, 6, 10, 11}, {3, 4, 7, 8, 9, 12}, {13, 14, 18, 19, 23, 24}, {15, 16, 17, 20, 21, 22}},
	{{1, 5, 6, 10, 11, 12}, {2, 3, 4, 7, 8, 9}, {13, 14, 15, 16, 17, 18}, {19, 20, 21, 22, 23, 24}},
	{{1, 2, 5, 6, 10, 11}, {3, 4, 7, 8, 9, 12}, {13, 14, 15, 16, 17, 18}, {19, 20, 21, 22, 23, 24}},
	{{1, 5, 6, 10, 15, 20}, {2, 3, 4, 7, 8, 9}, {11, 12, 16, 17, 21, 22}, {13, 14, 18, 19, 23, 24}},
	{{1, 2, 5, 6, 10, 11}, {3, 4, 9, 14, 19, 24}, {7, 8, 12, 13, 18, 23}, {15, 16, 17, 20, 21, 22}},
	{{1, 5, 6, 10, 15, 20}, {2, 3, 4, 7, 8, 9}, {11, 12, 13, 16, 17, 18}, {14, 19, 21, 22, 23, 24}},
}

// lookup is one term of one of a set's additive sums: the table to read,
// and whether its pattern is ranked on the board reflected about the main
// diagonal (which gives the value of the reflected pattern).
type lookup struct {
	table  int
	mirror bool
}

// isCatalogue reports whether spec names a catalogue: CataloguePartition,
// or several partitions written as goal cells and joined by '|'.
func isCatalogue(spec string) bool {
	return isNamedCatalogue(spec) || strings.Contains(spec, "|")
}

// isNamedCatalogue reports whether spec is the name of one of the 24-puzzle
// catalogues.
func isNamedCatalogue(spec string) bool {
	return spec == CataloguePartition || spec == Catalogue3Partition || spec == Catalogue7Partition
}

// cataloguePartitions returns the partitions of the catalogue spec for a
// w x h board whose blank's goal is on cell blank: a named catalogue
// (CataloguePartition, Catalogue3Partition or Catalogue7Partition, only for
// 5x5 with the blank on cell 0), or partitions written as goal cells (see
// ParsePartition) joined by '|'.
func cataloguePartitions(w, h, blank int, spec string) ([][][]int, error) {
	if isNamedCatalogue(spec) {
		if w != 5 || h != 5 || blank != 0 {
			return nil, fmt.Errorf("pdb: the %s set is for 5x5 boards with the blank's goal in a corner", spec)
		}
		parts := [][][]int{shaped24(5, 5, 0, "6-6-6-6")}
		switch spec {
		case Catalogue7Partition:
			return append(parts, shaped24(5, 5, 0, "7-7-5-5")), nil
		case Catalogue3Partition:
			return append(parts, cataloguePatterns[3], cataloguePatterns[0]), nil
		}
		return append(parts, cataloguePatterns...), nil
	}
	var parts [][][]int
	for _, p := range strings.Split(spec, "|") {
		if !strings.ContainsAny(p, ",/") {
			return nil, fmt.Errorf("pdb: catalogue %q: write each partition as goal cells, such as 1,2,3,4/5,6,7,8", spec)
		}
		groups, err := ParsePartition(w, h, blank, p)
		if err != nil {
			return nil, err
		}
		parts = append(parts, groups)
	}
	if len(parts) > maxViews/2 {
		return nil, fmt.Errorf("pdb: catalogue %q has more than %d partitions", spec, maxViews/2)
	}
	return parts, nil
}

// catalogueSet returns the distinct patterns (the tables to build) and the
// sums of the catalogue spec (see cataloguePartitions). A pattern that is
// already a table, or whose reflection about the main diagonal is (on a
// square board), is looked up in that table; the first partition's
// patterns come first, so that for CataloguePartition the files of our
// 6-6-6-6 serve it too. With mirror, each partition is also looked up
// reflected, on square boards whose blank goal cell is on the diagonal.
func catalogueSet(w, h, blank int, spec string, mirror bool) ([][]int, [][]lookup, error) {
	parts, err := cataloguePartitions(w, h, blank, spec)
	if err != nil {
		return nil, nil, err
	}
	g, _ := newGeom(w, h)
	// Reflection about the diagonal keeps the goal's blank where it is.
	sym := w == h && g.transpose(blank) == blank
	mirror = mirror && sym
	tr := func(cells []int) []int {
		out := make([]int, len(cells))
		for i, c := range cells {
			out[i] = g.transpose(c)
		}
		slices.Sort(out)
		return out
	}
	var groups [][]int
	find := func(cells []int) int {
		for i, grp := range groups {
			if slices.Equal(grp, cells) {
				return i
			}
		}
		return -1
	}
	var views [][]lookup
	for _, part := range parts {
		var plain, refl []lookup
		for _, grp := range part {
			l := lookup{table: find(grp)}
			if l.table < 0 {
				if t := -1; sym {
					if t = find(tr(grp)); t >= 0 {
						l = lookup{table: t, mirror: true}
					}
				}
				if l.table < 0 {
					groups = append(groups, slices.Clone(grp))
					l.table = len(groups) - 1
				}
			}
			plain = append(plain, l)
			refl = append(refl, lookup{table: l.table, mirror: !l.mirror})
		}
		views = append(views, plain)
		if mirror {
			views = append(views, refl)
		}
	}
	if len(groups) > maxLookups {
		return nil, nil, fmt.Errorf("pdb: catalogue %q has more than %d patterns", spec, maxLookups)
	}
	return groups, views, nil
}
