package shard_test

import (
	"slices"
	"testing"

	"github.com/searchlab/searchlab/internal/shard"
)

func TestParse(t *testing.T) {
	tests := []struct {
		in   string
		want shard.Shard
		ok   bool
	}{
		{"0/1", shard.Shard{Index: 0, Count: 1}, true},
		{"3/4", shard.Shard{Index: 3, Count: 4}, true},
		{" 2 / 5 ", shard.Shard{Index: 2, Count: 5}, true},
		{"4/4", shard.Shard{}, false},
		{"-1/4", shard.Shard{}, false},
		{"0/0", shard.Shard{}, false},
		{"1", shard.Shard{}, false},
		{"a/b", shard.Shard{}, false},
		{"", shard.Shard{}, false},
	}
	for _, tc := range tests {
		var s shard.Shard
		err := s.Set(tc.in)
		if (err == nil) != tc.ok || s != tc.want {
			t.Errorf("Set(%q) = %v, %v; want %v, ok %v", tc.in, s, err, tc.want, tc.ok)
		}
	}
}

func TestHas(t *testing.T) {
	tests := []struct {
		s    shard.Shard
		want []int
	}{
		{shard.Shard{Index: 1, Count: 3}, []int{1, 4, 7}},
		{shard.Shard{Index: 0, Count: 4}, []int{0, 4, 8}},
		{shard.Shard{Index: 0, Count: 1}, []int{0, 1, 2, 3, 4, 5, 6, 7, 8, 9}},
		{shard.Shard{}, []int{0, 1, 2, 3, 4, 5, 6, 7, 8, 9}},
	}
	for _, tc := range tests {
		var got []int
		for i := range 10 {
			if tc.s.Has(i) {
				got = append(got, i)
			}
		}
		if !slices.Equal(got, tc.want) {
			t.Errorf("shard %q holds %v, want %v", tc.s, got, tc.want)
		}
	}
	if s := (shard.Shard{Index: 1, Count: 3}).String(); s != "1/3" {
		t.Errorf("String = %q, want 1/3", s)
	}
	if s := (shard.Shard{}).String(); s != "" {
		t.Errorf("zero String = %q, want empty", s)
	}
}

// FuzzParse checks that Parse never panics and that a shard it accepts
// is one of n, with 0 <= k < n, holding index k and not k+1.
func FuzzParse(f *testing.F) {
	for _, s := range []string{"0/1", "3/4", "4/4", "-1/2", "1/0", "x", "9999999999999999999/1"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, v string) {
		s, err := shard.Parse(v)
		if err != nil {
			return
		}
		if s.Count < 1 || s.Index < 0 || s.Index >= s.Count {
			t.Fatalf("%q accepted as %d/%d", v, s.Index, s.Count)
		}
		if !s.Has(s.Index) || (s.Count > 1 && s.Has(s.Index+1)) {
			t.Fatalf("%q: shard %d/%d holds the wrong indexes", v, s.Index, s.Count)
		}
	})
}
