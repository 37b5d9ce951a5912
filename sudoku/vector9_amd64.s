#include "textflag.h"
#include "vector9_digit8_amd64.h"
#include "vector9_pass_amd64.h"

// propagateAsm (vector9_amd64.go): the passes of coreVector's band rules
// and placements, then its naked singles, as propagateScalar applies them to one
// digit at a time (vector9.go), here with digits 0-7 of each band in the
// lanes of a 256-bit vector and digit 8 in a general register. Every
// value and constant stays in one of the 32 vector registers of AVX-512,
// and and/or/not trees are single VPTERNLOGD instructions (the immediate
// is the truth table of A = the destination, B = the middle and C = the
// first operand: A = 0xF0, B = 0xCC, C = 0xAA). TestVectorScalar compares the results
// with propagateScalar.
//
// Registers of propagateAsm:
//   Y0-Y2    digits 0-7 of bands 0-2 (a0-a2)
//   Y28-Y30  the same at the start of the pass
//   Y16-Y27  constants (below)
//   Y3-Y15, Y31  scratch
//   R8-R10   digit 8 of bands 0-2 (e0-e2)
//   R11-R13  the placed cells of bands 0-2 (s0-s2)
//   R14, R15, DI  digit 8's new placements of this pass (m0-m2)
//   BX       eLive: digit 8's words changed in the last pass
//   AX, CX, DX, SI  scratch
#define K511 Y16
#define KROW1 Y17
#define KLOW8 Y18
#define KHIGH Y19
#define K444 Y20
#define K111 Y21
#define K666 Y22
#define K333 Y24
#define KTRI2 Y25
#define KK22 Y19
#define NOTK444 Y27

// ANYLANE(x): ZF clear if a lane of x is not 0; ZEROLANE(x): ZF clear
// if a lane of x is 0 (K1 scratch).
#define ANYLANE(x) \
	VPTESTMD x, x, K1 \
	KORTESTW K1, K1

#define ZEROLANE(x) \
	VPTESTNMD x, x, K1 \
	KORTESTW K1, K1

// COLS(a, f, t): f = the columns of a ((a | a>>9 | a>>18) & 511, by
// rotations).
#define COLS(a, f, t) \
	VPRORD $9, a, t \
	VPRORD $18, a, f \
	VPTERNLOGD $0xFE, t, a, f \
	VPANDD K511, f, f

// ROTOR(u, r, t1, t2): r = boxRot1(u) | boxRot2(u) as the Go code
// computes them (rot).
#define ROTOR(u, r, t1, t2) \
	VPRORD $1, u, r \
	VPSLLD $2, u, t1 \
	VPTERNLOGD $0xD8, K444, t1, r \
	VPRORD $2, u, t2 \
	VPANDD K111, t2, t2 \
	VPSLLD $1, u, t1 \
	VPANDD K666, t1, t1 \
	VPTERNLOGD $0xFE, t2, t1, r

// CLAIM(a, u, t1, t2, t3): a &^= spread(boxRot1(u) | boxRot2(u)).
#define CLAIM(a, u, t1, t2, t3) \
	ROTOR(u, t1, t2, t3) \
	VPMULLD KROW1, t1, t1 \
	VPANDND a, t1, a

// B12(x, y, t): y = (x rotated right by 3 &^ kK22) | (x<<6 & kK22).
#define B12(x, y, t) \
	VPRORD $3, x, y \
	VPSLLD $6, x, t \
	VPTERNLOGD $0xD8, KK22, t, y

// R1(x, y, t): y = x rotated right by 9 | x<<18.
#define R1(x, y, t) \
	VPRORD $9, x, y \
	VPSLLD $18, x, t \
	VPORD t, y, y

// PERM(a, t, b1, b2, r1, r2, x, p): perm (the triad permutation rule).
#define PERM(a, t, b1, b2, r1, r2, x, p) \
	VPANDD K333, a, t \
	VPADDD K333, t, t \
	VPTERNLOGD $0xA8, KTRI2, a, t \
	B12(t, b1, x) \
	B12(b1, b2, x) \
	VPRORD $9, b2, r2 \
	VPSLLD $18, b2, x \
	VPTERNLOGD $0xA8, b1, x, r2 \
	VPRORD $9, b1, r1 \
	VPSLLD $18, b1, x \
	VPTERNLOGD $0xA8, b2, x, r1 \
	VPORD r1, r2, x \
	VPRORD $9, x, p \
	VPSLLD $18, x, r1 \
	VPTERNLOGD $0xA8, t, r1, p \
	VPRORD $2, p, x \
	VPSUBD x, p, x \
	VPTERNLOGD $0xE0, x, p, a

// ROWHIGHV(x, h, t): h = the top bit of each 9-bit row of x that has a
// cell, t = h - h>>8 (rotated), which with h covers those rows. x may be
// t.
#define ROWHIGHV(x, h, t) \
	VPANDD KLOW8, x, h \
	VPADDD KLOW8, h, h \
	VPTERNLOGD $0xA8, KHIGH, x, h \
	VPRORD $8, h, t \
	VPSUBD t, h, t

// SINGLES(a, s, n, t1, t2): n = the row singles of a not yet placed
// (s a general register with the placed cells).
#define SINGLES(a, s, n, t1, t2) \
	VPSUBD KROW1, a, t1 \
	VPANDD a, t1, t1 \
	ROWHIGHV(t1, n, t1) \
	VPBROADCASTD s, t2 \
	VPANDND a, t2, t2 \
	VPTERNLOGD $0x02, t2, t1, n

// POINTS(a, c, t1, t2, t3): c = spread of the columns of a that are the
// only one of their box.
#define POINTS(a, c, t1, t2, t3) \
	COLS(a, c, t1) \
	ROTOR(c, t1, t2, t3) \
	VPANDND c, t1, c \
	VPMULLD KROW1, c, c

// VOR and VAND: the vector or and and of ORALL and TREE2
// (vector9_pass_amd64.h).
#define VOR VPORD
#define VAND VPANDD

// PLACE(a, n, e, s, m, v, t): the placements of band (vector n, digit 8
// m): the other digits lose their cells; s gains them. AX, CX scratch.
#define PLACE(a, n, e, s, m, v, vx, t) \
	ORALL(n, v, t) \
	VPBROADCASTD m, t \
	VPORD t, v, v \
	VPTERNLOGD $0xD0, v, n, a \
	PLACE1(vx, e, s, m)

// COUNTS(a, e, s, ns, off): the cells of the band (vector a, digit 8 e,
// placed cells s) with one, two and three or more candidates, by an adder
// tree over the lanes; ns gets the naked singles (one candidate, not
// placed) in every lane; the unplaced cells with two candidates go to
// s.biv at offset off of DI; Y31 ands the cells with a candidate, Y23 ors
// the placed cells with two or more. Y3-Y11 scratch.
#define COUNTS(a, e, s, ns, off) \
	TREE2(a) \
	VPANDD Y6, Y4, Y9 \
	VPTERNLOGD $0xFE, Y9, Y7, Y5 \
	VPORD Y6, Y4, Y4 \
	VPSHUFD $0xB1, Y4, Y6 \
	VPSHUFD $0xB1, Y5, Y7 \
	VPSHUFD $0xB1, Y8, Y9 \
	VPANDD Y6, Y5, Y10 \
	VPANDD Y7, Y4, Y11 \
	VPTERNLOGD $0xFE, Y11, Y10, Y8 \
	VPORD Y9, Y8, Y8 \
	VPANDD Y6, Y4, Y9 \
	VPTERNLOGD $0xFE, Y9, Y7, Y5 \
	VPORD Y6, Y4, Y4 \
	VPBROADCASTD e, Y10 \
	VPTERNLOGD $0xF8, Y10, Y5, Y8 \
	VPTERNLOGD $0xF8, Y10, Y4, Y5 \
	VPORD Y10, Y4, Y4 \
	VPBROADCASTD s, Y11 \
	VMOVDQA32 Y4, ns \
	VPTERNLOGD $0x10, Y11, Y5, ns \
	VPTERNLOGD $0x04, Y11, Y5, Y8 \
	VMOVD X8, AX \
	MOVL AX, off(DI) \
	VPANDD Y4, Y31, Y31 \
	VPTERNLOGD $0xF8, Y11, Y5, Y23

// NAKED(a, prev, ns, nsx, e): the naked singles ns of the band (vector a,
// digit 8 e) restrict their digit's row to them; prev keeps a; R15 ors
// the changes of e. AX, CX, DX, SI, R14, Y3-Y5 scratch.
#define NAKED(a, prev, ns, nsx, e) \
	VPANDD ns, a, Y3 \
	ROWHIGHV(Y3, Y4, Y5) \
	VPORD Y4, Y5, Y5 \
	VMOVDQA32 a, prev \
	VPTERNLOGD $0xB0, Y3, Y5, a \
	NAKED1(nsx, e)

// SAME: ZF set when Y0-Y2 equal Y28-Y30, the pass's starting words (AX,
// K1-K3 scratch).
#define SAME \
	VPCMPEQD Y28, Y0, K1 \
	VPCMPEQD Y29, Y1, K2 \
	VPCMPEQD Y30, Y2, K3 \
	KANDW K2, K1, K1 \
	KANDW K3, K1, K1 \
	KMOVW K1, AX \
	CMPL AX, $0xFF

// The steps of PASSES (vector9_pass_amd64.h) in AVX-512; Y28-Y30 keep
// Y0-Y2 at the start of the pass.
#define SAVEPASS \
	VMOVDQA32 Y0, Y28 \
	VMOVDQA32 Y1, Y29 \
	VMOVDQA32 Y2, Y30

#define CLAIMS \
	COLS(Y0, Y3, Y6) \
	COLS(Y1, Y4, Y7) \
	COLS(Y2, Y5, Y8) \
	VMOVDQA32 Y3, Y6 \
	VPTERNLOGD $0xFE, Y5, Y4, Y6 \
	VPXORD K511, Y6, Y6 \
	ANYLANE(Y6) \
	JNE fail \
	VPORD Y5, Y4, Y9 \
	VPANDND K511, Y9, Y9 \
	VPORD Y5, Y3, Y10 \
	VPANDND K511, Y10, Y10 \
	VPORD Y4, Y3, Y11 \
	VPANDND K511, Y11, Y11 \
	CLAIM(Y0, Y9, Y6, Y7, Y8) \
	CLAIM(Y1, Y10, Y6, Y7, Y8) \
	CLAIM(Y2, Y11, Y6, Y7, Y8)

#define PERMS \
	PERM3 \
	ZEROLANE(Y6) \
	JNE fail

#define POINTING \
	SINGLES(Y0, R11, Y3, Y6, Y7) \
	SINGLES(Y1, R12, Y4, Y6, Y7) \
	SINGLES(Y2, R13, Y5, Y6, Y7) \
	POINTS(Y0, Y9, Y6, Y7, Y8) \
	POINTS(Y1, Y10, Y6, Y7, Y8) \
	POINTS(Y2, Y11, Y6, Y7, Y8) \
	VPORD Y11, Y10, Y6 \
	VPANDND Y0, Y6, Y0 \
	VPORD Y11, Y9, Y6 \
	VPANDND Y1, Y6, Y1 \
	VPORD Y10, Y9, Y6 \
	VPANDND Y2, Y6, Y2

#define ANYPLACED(place) \
	VPORD Y5, Y4, Y6 \
	VPORD Y3, Y6, Y6 \
	ANYLANE(Y6) \
	JNE place

#define PLACES \
	PLACE(Y0, Y3, R8, R11, R14, Y6, X6, Y7) \
	PLACE(Y1, Y4, R9, R12, R15, Y6, X6, Y7) \
	PLACE(Y2, Y5, R10, R13, DI, Y6, X6, Y7)

#define AFTERPLACE

#define SAMEPASS SAME

// STALL: Y31 ands the cells with a candidate, Y23 ors the placed cells
// with two or more, over the three bands.
#define STALL(done, fail) \
	VPTERNLOGD $0xFF, Y31, Y31, Y31 \
	VPXORD Y23, Y23, Y23 \
	COUNTS(Y0, R8, R11, Y13, 120) \
	COUNTS(Y1, R9, R12, Y14, 124) \
	COUNTS(Y2, R10, R13, Y15, 128) \
	VMOVDQA32 Y31, Y3 \
	VMOVD X3, AX \
	CMPL AX, $0x7FFFFFF \
	JNE fail \
	ANYLANE(Y23) \
	JNE fail \
	VPORD Y14, Y13, Y3 \
	VPORD Y15, Y3, Y3 \
	ANYLANE(Y3) \
	JEQ done

#define NAKEDS \
	NAKED(Y0, Y28, Y13, X13, R8) \
	NAKED(Y1, Y29, Y14, X14, R9) \
	NAKED(Y2, Y30, Y15, X15, R10)

// func propagateAsm(s *stateV, e8 bool) bool
TEXT ·propagateAsm(SB), NOSPLIT, $0-17
	MOVQ s+0(FP), DI
	MOVBLZX e8+8(FP), BX
	MOVL $511, AX
	VPBROADCASTD AX, K511
	MOVL $0x40201, AX
	VPBROADCASTD AX, KROW1
	MOVL $0x3FDFEFF, AX
	VPBROADCASTD AX, KLOW8
	MOVL $0x4020100, AX
	VPBROADCASTD AX, KHIGH
	MOVL $0x124, AX
	VPBROADCASTD AX, K444
	MOVL $0x49, AX
	VPBROADCASTD AX, K111
	MOVL $0x1B6, AX
	VPBROADCASTD AX, K666
	MOVL $0x36DB6DB, AX
	VPBROADCASTD AX, K333
	MOVL $0x4924924, AX
	VPBROADCASTD AX, KTRI2
	MOVL $0xFFFFFEDB, AX
	VPBROADCASTD AX, NOTK444
	VMOVDQU32 0(DI), Y0
	VMOVDQU32 36(DI), Y1
	VMOVDQU32 72(DI), Y2
	LOAD8

	PASSES

done:
	VMOVDQU32 Y0, 0(DI)
	VMOVDQU32 Y1, 36(DI)
	VMOVDQU32 Y2, 72(DI)
	STORE8
	VZEROUPPER
	MOVB $1, ret+16(FP)
	RET

fail:
	VZEROUPPER
	MOVB $0, ret+16(FP)
	RET
