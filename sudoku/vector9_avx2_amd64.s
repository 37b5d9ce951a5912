#include "textflag.h"
#include "vector9_digit8_amd64.h"
#include "vector9_pass_amd64.h"

// propagateAVX2 (vector9_amd64.go) is propagateAsm (vector9_amd64.s) for
// processors with AVX2 and without AVX-512: the same passes on the same
// registers' worth of state, digits 0-7 of each band in the lanes of a
// 256-bit vector and digit 8 in a general register, with what AVX2 lacks
// written out: the constants are memory operands (there are 16 vector
// registers, not 32), the state at the start of a pass is kept in the
// frame, a three-input logic instruction is two or three two-input ones,
// and the lane tests are VPTEST. Where propagateAsm rotates a lane, this
// shifts: the bits a rotation brings round land where a mask clears
// them or where the triad rule's final and with t (the third cells of
// the triads) drops them.
// Digit 8's code (vector9_digit8_amd64.h) and the loop of passes
// (vector9_pass_amd64.h) are shared with propagateAsm. TestVectorScalar
// compares the results with propagateScalar.
//
// Registers:
//   Y0-Y2    digits 0-7 of bands 0-2
//   Y3-Y15   scratch
//   R8-R10   digit 8 of bands 0-2
//   R11-R13  the placed cells of bands 0-2
//   R14, R15, DI  digit 8's new placements of this pass
//   BX       digit 8's words changed in the last pass
//   AX, CX, DX, SI  scratch
// Frame: 0(SP), 32(SP), 64(SP) hold Y0-Y2 at the start of the pass.

DATA c511<>+0(SB)/8, $0x000001ff000001ff
DATA c511<>+8(SB)/8, $0x000001ff000001ff
DATA c511<>+16(SB)/8, $0x000001ff000001ff
DATA c511<>+24(SB)/8, $0x000001ff000001ff
GLOBL c511<>(SB), RODATA|NOPTR, $32

DATA crow1<>+0(SB)/8, $0x0004020100040201
DATA crow1<>+8(SB)/8, $0x0004020100040201
DATA crow1<>+16(SB)/8, $0x0004020100040201
DATA crow1<>+24(SB)/8, $0x0004020100040201
GLOBL crow1<>(SB), RODATA|NOPTR, $32

DATA clow8<>+0(SB)/8, $0x03fdfeff03fdfeff
DATA clow8<>+8(SB)/8, $0x03fdfeff03fdfeff
DATA clow8<>+16(SB)/8, $0x03fdfeff03fdfeff
DATA clow8<>+24(SB)/8, $0x03fdfeff03fdfeff
GLOBL clow8<>(SB), RODATA|NOPTR, $32

DATA chigh<>+0(SB)/8, $0x0402010004020100
DATA chigh<>+8(SB)/8, $0x0402010004020100
DATA chigh<>+16(SB)/8, $0x0402010004020100
DATA chigh<>+24(SB)/8, $0x0402010004020100
GLOBL chigh<>(SB), RODATA|NOPTR, $32

DATA cnothigh<>+0(SB)/8, $0xfbfdfefffbfdfeff
DATA cnothigh<>+8(SB)/8, $0xfbfdfefffbfdfeff
DATA cnothigh<>+16(SB)/8, $0xfbfdfefffbfdfeff
DATA cnothigh<>+24(SB)/8, $0xfbfdfefffbfdfeff
GLOBL cnothigh<>(SB), RODATA|NOPTR, $32

DATA c444<>+0(SB)/8, $0x0000012400000124
DATA c444<>+8(SB)/8, $0x0000012400000124
DATA c444<>+16(SB)/8, $0x0000012400000124
DATA c444<>+24(SB)/8, $0x0000012400000124
GLOBL c444<>(SB), RODATA|NOPTR, $32

DATA c111<>+0(SB)/8, $0x0000004900000049
DATA c111<>+8(SB)/8, $0x0000004900000049
DATA c111<>+16(SB)/8, $0x0000004900000049
DATA c111<>+24(SB)/8, $0x0000004900000049
GLOBL c111<>(SB), RODATA|NOPTR, $32

DATA c666<>+0(SB)/8, $0x000001b6000001b6
DATA c666<>+8(SB)/8, $0x000001b6000001b6
DATA c666<>+16(SB)/8, $0x000001b6000001b6
DATA c666<>+24(SB)/8, $0x000001b6000001b6
GLOBL c666<>(SB), RODATA|NOPTR, $32

DATA c333<>+0(SB)/8, $0x036db6db036db6db
DATA c333<>+8(SB)/8, $0x036db6db036db6db
DATA c333<>+16(SB)/8, $0x036db6db036db6db
DATA c333<>+24(SB)/8, $0x036db6db036db6db
GLOBL c333<>(SB), RODATA|NOPTR, $32

DATA ctri2<>+0(SB)/8, $0x0492492404924924
DATA ctri2<>+8(SB)/8, $0x0492492404924924
DATA ctri2<>+16(SB)/8, $0x0492492404924924
DATA ctri2<>+24(SB)/8, $0x0492492404924924
GLOBL ctri2<>(SB), RODATA|NOPTR, $32

// COLS(a, f, t): f = (a | a>>9 | a>>18) & 511.
#define COLS(a, f, t) \
	VPSRLD $9, a, t \
	VPSRLD $18, a, f \
	VPOR t, f, f \
	VPOR a, f, f \
	VPAND c511<>(SB), f, f

// VZRET: return, the upper halves of the vector registers cleared.
#define VZRET \
	VZEROUPPER \
	RET

// SHOR(sh, n, u, m, r, t): r |= (u shifted by sh $n) & m (t scratch).
#define SHOR(sh, n, u, m, r, t) \
	sh $n, u, t \
	VPAND m, t, t \
	VPOR t, r, r

// ROTOR(u, r, t): r = boxRot1(u) | boxRot2(u) for a 9-bit u.
#define ROTOR(u, r, t) \
	VPSRLD $1, u, r \
	VPAND c333<>(SB), r, r \
	SHOR(VPSLLD, 2, u, c444<>(SB), r, t) \
	SHOR(VPSRLD, 2, u, c111<>(SB), r, t) \
	SHOR(VPSLLD, 1, u, c666<>(SB), r, t)

// CLAIM(a, u, t1, t2): a &^= spread(boxRot1(u) | boxRot2(u)).
#define CLAIM(a, u, t1, t2) \
	ROTOR(u, t1, t2) \
	VPMULLD crow1<>(SB), t1, t1 \
	VPANDN a, t1, a

// B12(x, y, t): y = (x>>3 &^ high) | (x<<6 & high): each triad goes one
// box left in its row, the first box's to the last.
#define B12(x, y, t) \
	VPSRLD $3, x, y \
	VPAND cnothigh<>(SB), y, y \
	VPSLLD $6, x, t \
	VPAND chigh<>(SB), t, t \
	VPOR t, y, y

// ROWROT(x, y, t): y = x>>9 | x<<18, the rows of a band word moved up by
// one, the first to the last (bits above 26 are left for a mask).
#define ROWROT(x, y, t) \
	VPSRLD $9, x, y \
	VPSLLD $18, x, t \
	VPOR t, y, y

// PERM(a, t, b1, b2, r1, r2, x, p): the triad permutation rule.
#define PERM(a, t, b1, b2, r1, r2, x, p) \
	VPAND c333<>(SB), a, t \
	VPADDD c333<>(SB), t, t \
	VPOR a, t, t \
	VPAND ctri2<>(SB), t, t \
	B12(t, b1, x) \
	B12(b1, b2, x) \
	ROWROT(b2, r2, x) \
	VPAND b1, r2, r2 \
	ROWROT(b1, r1, x) \
	VPAND b2, r1, r1 \
	VPOR r1, r2, x \
	ROWROT(x, p, r1) \
	VPAND t, p, p \
	VPSRLD $2, p, x \
	VPSUBD x, p, x \
	VPOR p, x, x \
	VPAND x, a, a

// ROWHIGHV(x, h): h = the top bit of each 9-bit row of x that has a
// cell; SPREADV(h, t): t = h - h>>8, which with h covers those rows.
#define ROWHIGHV(x, h) \
	VPAND clow8<>(SB), x, h \
	VPADDD clow8<>(SB), h, h \
	VPOR x, h, h \
	VPAND chigh<>(SB), h, h

#define SPREADV(h, t) \
	VPSRLD $8, h, t \
	VPSUBD t, h, t

// SINGLES(a, s, n, t, tx): n = the row singles of a not yet placed (s a
// general register with the placed cells; tx is t's X register).
#define SINGLES(a, s, n, t, tx) \
	VPSUBD crow1<>(SB), a, t \
	VPAND a, t, t \
	ROWHIGHV(t, n) \
	SPREADV(n, t) \
	VPOR t, n, n \
	VMOVD s, tx \
	VPBROADCASTD tx, t \
	VPOR t, n, n \
	VPANDN a, n, n

// POINTS(a, c, t1, t2): c = spread of the columns of a that are the only
// one of their box.
#define POINTS(a, c, t1, t2) \
	COLS(a, c, t1) \
	ROTOR(c, t1, t2) \
	VPANDN c, t1, c \
	VPMULLD crow1<>(SB), c, c

// VOR and VAND: the vector or and and of ORALL and TREE2
// (vector9_pass_amd64.h).
#define VOR VPOR
#define VAND VPAND

// PLACE(a, n, e, s, m, v, vx, t, tx): the placements of band (vector n,
// digit 8 m): the other digits lose their cells; s gains them. AX, CX
// scratch.
#define PLACE(a, n, e, s, m, v, vx, t, tx) \
	ORALL(n, v, t) \
	VMOVD m, tx \
	VPBROADCASTD tx, t \
	VPOR t, v, v \
	VPANDN v, n, t \
	VPANDN a, t, a \
	PLACE1(vx, e, s, m)

// MERGE(o, t, o2, t2, x): the cells with one or more (o) and two or
// more (t) candidates of two groups of digits merged (x scratch).
#define MERGE(o, t, o2, t2, x) \
	VPAND o2, o, x \
	VPOR t2, t, t \
	VPOR x, t, t \
	VPOR o2, o, o

// COUNTS(a, e, s, ns, off): the cells of the band (vector a, digit 8 e,
// placed cells s) with one, two and three or more candidates, by an adder
// tree over the lanes; a cell without a candidate or a placed cell with
// two fails; ns gets the naked singles (one candidate, not placed) in
// every lane; the unplaced cells with two candidates go to s.biv at
// offset off of DI. Y3-Y11, AX scratch.
#define COUNTS(a, e, s, ns, off) \
	TREE2(a) \
	MERGE(Y4, Y5, Y6, Y7, Y9) \
	VPSHUFD $0xB1, Y4, Y6 \
	VPSHUFD $0xB1, Y5, Y7 \
	VPSHUFD $0xB1, Y8, Y9 \
	VPAND Y6, Y5, Y10 \
	VPAND Y7, Y4, Y11 \
	VPOR Y10, Y8, Y8 \
	VPOR Y11, Y8, Y8 \
	VPOR Y9, Y8, Y8 \
	MERGE(Y4, Y5, Y6, Y7, Y9) \
	VMOVD e, X10 \
	VPBROADCASTD X10, Y10 \
	VPAND Y10, Y5, Y11 \
	VPOR Y11, Y8, Y8 \
	VPAND Y10, Y4, Y11 \
	VPOR Y11, Y5, Y5 \
	VPOR Y10, Y4, Y4 \
	VMOVD X4, AX \
	CMPL AX, $0x7FFFFFF \
	JNE fail \
	VMOVD s, X11 \
	VPBROADCASTD X11, Y11 \
	VPTEST Y11, Y5 \
	JNE fail \
	VPOR Y11, Y5, Y10 \
	VPANDN Y4, Y10, ns \
	VPOR Y11, Y8, Y8 \
	VPANDN Y5, Y8, Y8 \
	VMOVD X8, AX \
	MOVL AX, off(DI)

// NAKED(a, prev, ns, nsx, e): the naked singles ns of the band (vector a,
// digit 8 e) restrict their digit's row to them; prev keeps a; R15 ors
// the changes of e. AX, CX, DX, SI, R14, Y3-Y5 scratch.
#define NAKED(a, prev, ns, nsx, e) \
	VPAND ns, a, Y3 \
	ROWHIGHV(Y3, Y4) \
	SPREADV(Y4, Y5) \
	VPOR Y4, Y5, Y5 \
	VMOVDQU a, prev \
	VPANDN Y5, Y3, Y5 \
	VPANDN a, Y5, a \
	NAKED1(nsx, e)

// COVER(a, r, f, x, t): for band vector a, r = each row's top bit set
// if the row has a cell, f = colsOf(a), x = bit 3k set if box k has a
// cell (t scratch).
#define COVER(a, r, f, x, t) \
	VPAND clow8<>(SB), a, r \
	VPADDD clow8<>(SB), r, r \
	VPOR a, r, r \
	COLS(a, f, t) \
	VPSRLD $1, f, x \
	VPOR f, x, x \
	VPSRLD $2, f, t \
	VPOR t, x, x

// BOXES1(g, t): g |= g>>1 | g>>2 (bit 3k: box k of the columns g).
#define BOXES1(g, t) \
	MOVL g, t \
	SHRL $1, t \
	ORL t, g \
	MOVL g, t \
	SHRL $1, t \
	ORL t, g

// SAME(t, u): ZF set when Y0-Y2 equal the frame's copies (t, u scratch).
#define SAME(t, u) \
	VPXOR 0(SP), Y0, t \
	VPXOR 32(SP), Y1, u \
	VPOR u, t, t \
	VPXOR 64(SP), Y2, u \
	VPOR u, t, t \
	VPTEST t, t

// The steps of PASSES (vector9_pass_amd64.h) in AVX2; the frame keeps
// Y0-Y2 at the start of the pass.
#define SAVEPASS \
	VMOVDQU Y0, 0(SP) \
	VMOVDQU Y1, 32(SP) \
	VMOVDQU Y2, 64(SP)

#define CLAIMS \
	COLS(Y0, Y3, Y6) \
	COLS(Y1, Y4, Y7) \
	COLS(Y2, Y5, Y8) \
	VPOR Y4, Y3, Y6 \
	VPOR Y5, Y6, Y6 \
	VPXOR c511<>(SB), Y6, Y6 \
	VPTEST Y6, Y6 \
	JNE fail \
	VPOR Y5, Y4, Y9 \
	VPANDN c511<>(SB), Y9, Y9 \
	VPOR Y5, Y3, Y10 \
	VPANDN c511<>(SB), Y10, Y10 \
	VPOR Y4, Y3, Y11 \
	VPANDN c511<>(SB), Y11, Y11 \
	CLAIM(Y0, Y9, Y6, Y7) \
	CLAIM(Y1, Y10, Y6, Y7) \
	CLAIM(Y2, Y11, Y6, Y7)

#define PERMS \
	PERM3 \
	VPXOR Y7, Y7, Y7 \
	VPCMPEQD Y7, Y6, Y6 \
	VPTEST Y6, Y6 \
	JNE fail

#define POINTING \
	SINGLES(Y0, R11, Y3, Y6, X6) \
	SINGLES(Y1, R12, Y4, Y6, X6) \
	SINGLES(Y2, R13, Y5, Y6, X6) \
	POINTS(Y0, Y9, Y6, Y7) \
	POINTS(Y1, Y10, Y6, Y7) \
	POINTS(Y2, Y11, Y6, Y7) \
	VPOR Y11, Y10, Y6 \
	VPANDN Y0, Y6, Y0 \
	VPOR Y11, Y9, Y6 \
	VPANDN Y1, Y6, Y1 \
	VPOR Y10, Y9, Y6 \
	VPANDN Y2, Y6, Y2

#define ANYPLACED(place) \
	VPOR Y5, Y4, Y6 \
	VPOR Y3, Y6, Y6 \
	VPTEST Y6, Y6 \
	JNE place

#define PLACES \
	PLACE(Y0, Y3, R8, R11, R14, Y6, X6, Y7, X7) \
	PLACE(Y1, Y4, R9, R12, R15, Y6, X6, Y7, X7) \
	PLACE(Y2, Y5, R10, R13, DI, Y6, X6, Y7, X7)

// AFTERPLACE: to full if every cell is placed.
#define AFTERPLACE \
	MOVL R11, AX \
	ANDL R12, AX \
	ANDL R13, AX \
	CMPL AX, $0x7FFFFFF \
	JEQ full

#define SAMEPASS SAME(Y6, Y7)

#define STALL(done, fail) \
	COUNTS(Y0, R8, R11, Y13, 120) \
	COUNTS(Y1, R9, R12, Y14, 124) \
	COUNTS(Y2, R10, R13, Y15, 128) \
	VPOR Y14, Y13, Y3 \
	VPOR Y15, Y3, Y3 \
	VPTEST Y3, Y3 \
	JEQ done

#define NAKEDS \
	NAKED(Y0, 0(SP), Y13, X13, R8) \
	NAKED(Y1, 32(SP), Y14, X14, R9) \
	NAKED(Y2, 64(SP), Y15, X15, R10)

// func propagateAVX2(s *stateV, e8 bool) bool
TEXT ·propagateAVX2(SB), NOSPLIT, $96-17
	MOVQ s+0(FP), DI
	MOVBLZX e8+8(FP), BX
	VMOVDQU 0(DI), Y0
	VMOVDQU 36(DI), Y1
	VMOVDQU 72(DI), Y2
	LOAD8

	PASSES

	// Every cell is placed. If every digit has a cell in each row, column
	// and box, and (COUNTS) every cell one candidate, the grid is solved:
	// each digit has 9 cells, one a row, column and box, which is the
	// rules' fixed point, so the pass that would confirm it is skipped.
	// Otherwise the passes go on as before.
full:
	COVER(Y0, Y3, Y4, Y5, Y12)
	COVER(Y1, Y6, Y7, Y8, Y12)
	COVER(Y2, Y9, Y10, Y11, Y12)
	VPAND Y6, Y3, Y3
	VPAND Y9, Y3, Y3
	VPTEST chigh<>(SB), Y3
	JCC compare
	VPOR Y7, Y4, Y4
	VPOR Y10, Y4, Y4
	VPTEST c511<>(SB), Y4
	JCC compare
	VPAND Y8, Y5, Y5
	VPAND Y11, Y5, Y5
	VPTEST c111<>(SB), Y5
	JCC compare
	ROWHIGH(R8, AX)
	ROWHIGH(R9, CX)
	ANDL CX, AX
	ROWHIGH(R10, CX)
	ANDL CX, AX
	CMPL AX, $0x4020100
	JNE compare
	COLS1(R8, AX, DX)
	COLS1(R9, CX, DX)
	COLS1(R10, SI, DX)
	MOVL AX, DX
	ORL CX, DX
	ORL SI, DX
	CMPL DX, $511
	JNE compare
	BOXES1(AX, DX)
	BOXES1(CX, DX)
	BOXES1(SI, DX)
	ANDL CX, AX
	ANDL SI, AX
	ANDL $0x49, AX
	CMPL AX, $0x49
	JNE compare
	MOVQ s+0(FP), DI
	JMP stall

done:
	VMOVDQU Y0, 0(DI)
	VMOVDQU Y1, 36(DI)
	VMOVDQU Y2, 72(DI)
	STORE8
	MOVB $1, ret+16(FP)
	VZRET

fail:
	MOVB $0, ret+16(FP)
	VZRET

// func givensAVX2(p *[81]uint8, m *[9][2]uint64) bool
// m[v-1] gets the cells of p that hold v (cells 0-63, then 64-80), by
// comparing cells 0-31, 32-63 and 49-80 with v in three 32-byte vectors;
// it returns false, leaving m unwritten, if a cell holds more than 9.
TEXT ·givensAVX2(SB), NOSPLIT, $0-17
	MOVL $0x09090909, AX
	MOVQ p+0(FP), SI
	MOVQ m+8(FP), DI
	VMOVDQU 0(SI), Y0
	VMOVDQU 32(SI), Y1
	VMOVDQU 49(SI), Y2
	VMOVD AX, X3
	VPBROADCASTD X3, Y3
	VPMINUB Y3, Y0, Y4
	VPCMPEQB Y4, Y0, Y4
	VPMINUB Y3, Y1, Y5
	VPCMPEQB Y5, Y1, Y5
	VPAND Y5, Y4, Y4
	VPMINUB Y3, Y2, Y5
	VPCMPEQB Y5, Y2, Y5
	VPAND Y5, Y4, Y4
	VPMOVMSKB Y4, AX
	CMPL AX, $0xFFFFFFFF
	JNE bad
	MOVL $0x01010101, AX
	VMOVD AX, X6
	VPBROADCASTD X6, Y6
	VMOVDQU Y6, Y3
	MOVQ $9, CX

given:
	VPCMPEQB Y3, Y0, Y4
	VPMOVMSKB Y4, AX
	VPCMPEQB Y3, Y1, Y4
	VPMOVMSKB Y4, BX
	SHLQ $32, BX
	ORQ BX, AX
	MOVQ AX, 0(DI)
	VPCMPEQB Y3, Y2, Y4
	VPMOVMSKB Y4, BX
	SHRL $15, BX
	MOVQ BX, 8(DI)
	VPADDB Y6, Y3, Y3
	ADDQ $16, DI
	DECQ CX
	JNE given
	MOVB $1, ret+16(FP)
	VZRET

bad:
	MOVB $0, ret+16(FP)
	VZRET

DATA cone<>+0(SB)/8, $0x0000000100000001
DATA cone<>+8(SB)/8, $0x0000000100000001
DATA cone<>+16(SB)/8, $0x0000000100000001
DATA cone<>+24(SB)/8, $0x0000000100000001
GLOBL cone<>(SB), RODATA|NOPTR, $32

DATA cfull<>+0(SB)/8, $0x07ffffff07ffffff
DATA cfull<>+8(SB)/8, $0x07ffffff07ffffff
DATA cfull<>+16(SB)/8, $0x07ffffff07ffffff
DATA cfull<>+24(SB)/8, $0x07ffffff07ffffff
GLOBL cfull<>(SB), RODATA|NOPTR, $32

DATA cbox<>+0(SB)/8, $0x001c0e07001c0e07
DATA cbox<>+8(SB)/8, $0x001c0e07001c0e07
DATA cbox<>+16(SB)/8, $0x001c0e07001c0e07
DATA cbox<>+24(SB)/8, $0x001c0e07001c0e07
GLOBL cbox<>(SB), RODATA|NOPTR, $32

// GCHECK(m, c): c = the columns of the givens m of a band; Y15 ors a
// row with two, two rows sharing a column, and a box with two columns.
// Y6-Y9 scratch.
#define GCHECK(m, c) \
	VPAND c511<>(SB), m, Y6 \
	VPSRLD $9, m, Y7 \
	VPAND c511<>(SB), Y7, Y7 \
	VPSRLD $18, m, Y8 \
	VPOR Y7, Y6, c \
	VPOR Y8, c, c \
	VPSUBD cone<>(SB), Y6, Y9 \
	VPAND Y6, Y9, Y9 \
	VPOR Y9, Y15, Y15 \
	VPSUBD cone<>(SB), Y7, Y9 \
	VPAND Y7, Y9, Y9 \
	VPOR Y9, Y15, Y15 \
	VPSUBD cone<>(SB), Y8, Y9 \
	VPAND Y8, Y9, Y9 \
	VPOR Y9, Y15, Y15 \
	VPAND Y7, Y6, Y9 \
	VPOR Y9, Y15, Y15 \
	VPAND Y8, Y6, Y9 \
	VPOR Y9, Y15, Y15 \
	VPAND Y8, Y7, Y9 \
	VPOR Y9, Y15, Y15 \
	VPSRLD $1, c, Y9 \
	VPAND c, Y9, Y9 \
	VPAND c333<>(SB), Y9, Y9 \
	VPOR Y9, Y15, Y15 \
	VPSRLD $2, c, Y9 \
	VPAND c, Y9, Y9 \
	VPAND c111<>(SB), Y9, Y9 \
	VPOR Y9, Y15, Y15

// GSET(m, c, given, out): out = full27 &^ ((given | givenPeers(m, c,
// all)) &^ m), Y14 holding all*rowOnes. Y6-Y8 scratch.
#define GSET(m, c, given, out) \
	ROWHIGHV(m, Y6) \
	SPREADV(Y6, Y7) \
	VPOR Y7, Y6, Y6 \
	VPSRLD $1, c, Y7 \
	VPOR c, Y7, Y7 \
	VPSRLD $2, c, Y8 \
	VPOR Y8, Y7, Y7 \
	VPAND c111<>(SB), Y7, Y7 \
	VPMULLD cbox<>(SB), Y7, Y7 \
	VPOR Y7, Y6, Y6 \
	VPOR Y14, Y6, Y6 \
	VPBROADCASTD given, Y7 \
	VPOR Y7, Y6, Y6 \
	VPANDN Y6, m, Y6 \
	VPANDN cfull<>(SB), Y6, Y6 \
	VMOVDQU Y6, out

// func setupAVX2(dm *[3][10]uint32, given *[3]uint32, cand *[3][9]uint32, hi bool) bool
// initV's checks and candidates for digits 1-8 (cand[b][0-7]), or 2-9
// (cand[b][1-8]) with hi, one digit a lane: see there.
TEXT ·setupAVX2(SB), NOSPLIT, $0-33
	MOVQ dm+0(FP), SI
	MOVQ given+8(FP), DX
	MOVQ cand+16(FP), DI
	MOVBLZX hi+24(FP), CX
	SHLQ $2, CX
	ADDQ CX, SI
	ADDQ CX, DI
	VMOVDQU 4(SI), Y0
	VMOVDQU 44(SI), Y1
	VMOVDQU 84(SI), Y2
	VPXOR Y15, Y15, Y15
	GCHECK(Y0, Y3)
	GCHECK(Y1, Y4)
	GCHECK(Y2, Y5)
	VPAND Y4, Y3, Y6
	VPOR Y6, Y15, Y15
	VPAND Y5, Y3, Y6
	VPOR Y6, Y15, Y15
	VPAND Y5, Y4, Y6
	VPOR Y6, Y15, Y15
	VPTEST Y15, Y15
	JNE setupbad
	VPOR Y4, Y3, Y14
	VPOR Y5, Y14, Y14
	VPMULLD crow1<>(SB), Y14, Y14
	GSET(Y0, Y3, 0(DX), 0(DI))
	GSET(Y1, Y4, 4(DX), 36(DI))
	GSET(Y2, Y5, 8(DX), 72(DI))
	MOVB $1, ret+32(FP)
	VZRET

setupbad:
	MOVB $0, ret+32(FP)
	VZRET

// Offsets in putTable (vector9_amd64.go).
#define putCtl 0
#define putBit 96
#define putWeight 192
#define putOne 320

// PUTPLANE(r, k, src, acc): acc += weight k at the cells of register r
// whose bit is set in src (plane k's words broadcast). Y4, Y5 scratch.
#define PUTPLANE(r, k, src, acc) \
	VPBROADCASTQ src, Y4 \
	VPSHUFB (putCtl+32*r)(SI), Y4, Y4 \
	VPAND (putBit+32*r)(SI), Y4, Y4 \
	VPCMPEQB (putBit+32*r)(SI), Y4, Y4 \
	VPAND (putWeight+32*k)(SI), Y4, Y4 \
	VPADDB Y4, acc, acc

// PUTREG(r, off, acc): the digits of the 32 cells of register r (the
// planes' band pair at byte offset off of each plane) to acc.
#define PUTREG(r, off, acc) \
	VMOVDQU putOne(SI), acc \
	PUTPLANE(r, 0, off(DX), acc) \
	PUTPLANE(r, 1, (16+off)(DX), acc) \
	PUTPLANE(r, 2, (32+off)(DX), acc) \
	PUTPLANE(r, 3, (48+off)(DX), acc)

// func putGridAVX2(sol *[81]uint8, pl *[4][4]uint32, tab *putTable)
TEXT ·putGridAVX2(SB), NOSPLIT, $0-24
	MOVQ tab+16(FP), SI
	MOVQ pl+8(FP), DX
	MOVQ sol+0(FP), DI
	PUTREG(0, 0, Y0)
	PUTREG(1, 4, Y1)
	PUTREG(2, 4, Y2)
	VMOVDQU Y0, 0(DI)
	VMOVDQU Y1, 27(DI)
	VMOVDQU Y2, 49(DI)
	VZRET
