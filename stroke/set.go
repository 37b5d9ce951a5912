package stroke

import "math/bits"

// maxComponent is the most cells one single-colour region may have for the
// solver: the width of set.
const maxComponent = 192

// set is a set of cells of one component, by compact index.
type set [3]uint64

func (s *set) add(i int)     { s[i>>6] |= 1 << uint(i&63) }
func (s *set) remove(i int)  { s[i>>6] &^= 1 << uint(i&63) }
func (s set) has(i int) bool { return s[i>>6]&(1<<uint(i&63)) != 0 }
func (s set) and(t set) set  { return set{s[0] & t[0], s[1] & t[1], s[2] & t[2]} }

func (s set) count() int {
	return bits.OnesCount64(s[0]) + bits.OnesCount64(s[1]) + bits.OnesCount64(s[2])
}

// pop removes the smallest member of s and returns it, or -1 when s is empty.
func (s *set) pop() int {
	for w := 0; w < 3; w++ {
		if x := s[w]; x != 0 {
			s[w] = x & (x - 1)
			return w<<6 | bits.TrailingZeros64(x)
		}
	}
	return -1
}
