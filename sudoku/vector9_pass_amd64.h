// The pass structure shared by propagateAsm (vector9_amd64.s, AVX-512)
// and propagateAVX2 (vector9_avx2_amd64.s): the steps that are the same
// text in both, and PASSES, the loop of passes, which each file fills
// with its own instructions.

// ORALL(n, v, t): v = the eight lanes of n or-ed into each lane (VOR,
// the file's or).
#define ORALL(n, v, t) \
	VPERMQ $0x4E, n, v \
	VOR n, v, v \
	VPSHUFD $0x4E, v, t \
	VOR t, v, v \
	VPSHUFD $0xB1, v, t \
	VOR t, v, v

// TREE2(a): the first levels of COUNTS' adder tree over the eight lanes
// of a: Y4 and Y5 the cells with one or more and with two candidates of
// each two lanes four apart, Y6 and Y7 the same moved by two lanes, and
// Y8 the cells with three or more of those four lanes (COUNTS merges the
// rest). Y3, Y9 scratch.
#define TREE2(a) \
	VPERMQ $0x4E, a, Y3 \
	VOR Y3, a, Y4 \
	VAND Y3, a, Y5 \
	VPSHUFD $0x4E, Y4, Y6 \
	VPSHUFD $0x4E, Y5, Y7 \
	VAND Y6, Y5, Y8 \
	VAND Y7, Y4, Y9 \
	VOR Y9, Y8, Y8

// PERM3: the file's PERM for the three bands; Y6 = the lane-wise least
// of the results (0 in a lane whose digit lost every cell of a band).
#define PERM3 \
	PERM(Y0, Y6, Y7, Y8, Y9, Y10, Y11, Y12) \
	PERM(Y1, Y6, Y7, Y8, Y9, Y10, Y11, Y12) \
	PERM(Y2, Y6, Y7, Y8, Y9, Y10, Y11, Y12) \
	VPMINUD Y1, Y0, Y6 \
	VPMINUD Y2, Y6, Y6

// PASSES: the passes of propagateAsm (vector9_amd64.s) and propagateAVX2
// (vector9_avx2_amd64.s), digits 0-7 of bands 0-2 in Y0-Y2 and digit 8 in
// R8-R10 (vector9_digit8_amd64.h), each file giving its instructions for
// the steps:
//   SAVEPASS     keep Y0-Y2 as they are at the start of the pass;
//   CLAIMS       column claiming (to fail on a column no band holds);
//   PERMS        the triad permutation rule (to fail on an empty digit);
//   POINTING     row singles (placements) into Y3-Y5, and box/column
//                pointing;
//   ANYPLACED    to place if Y3-Y5 hold a placement;
//   PLACES       placements: every other digit loses the cell;
//   AFTERPLACE   what follows the placements (may leave the passes);
//   SAMEPASS     ZF set if Y0-Y2 are as the pass found them;
//   STALL        the candidate count of each cell when the passes have
//                stalled (to fail, or to done if there are no naked
//                singles), the naked singles in Y13-Y15;
//   NAKEDS       the naked singles restrict their digits' rows.
// The passes repeat until one changes nothing; then naked singles, and
// the passes again, until there are none. The labels done and fail are
// the file's. After the naked singles the next pass skips digit 8's
// rules unless they changed its words (R15): it was at its rules' fixed
// point, and the placements of other digits make no new row single of
// it.
#define PASSES \
loop: \
	SAVEPASS \
	KEEP8 \
	CLAIMS \
	PERMS \
	DIGIT8(vecrest, fail) \
vecrest: \
	POINTING \
	ANYPLACED(place) \
	MOVL R14, AX \
	ORL R15, AX \
	ORL DI, AX \
	JEQ compare \
place: \
	PLACES \
	AFTERPLACE \
compare: \
	CHANGED8 \
	SAMEPASS \
	JNE loop \
	TESTL BX, BX \
	JNE loop \
stall: \
	STALL(done, fail) \
	XORL R15, R15 \
	NAKEDS \
	SAMEPASS \
	JNE resume \
	TESTL R15, R15 \
	JEQ fail \
resume: \
	XORL BX, BX \
	TESTL R15, R15 \
	SETNE BL \
	JMP loop
