// Digit 8's pass of propagateAsm (vector9_amd64.s) and propagateAVX2
// (vector9_avx2_amd64.s), which keep digit 8 of bands 0-2 in R8-R10 and
// the placed cells in R11-R13: the band rules of coreVector (vector9.go)
// on general registers, the column claims, the triad permutations and
// the box columns by table look-ups.

// COLS1(e, g, t): g = colsOf(e); t = e | e>>9.
#define COLS1(e, g, t) \
	MOVL e, t \
	SHRL $9, t \
	ORL e, t \
	MOVL t, g \
	SHRL $9, g \
	ORL t, g \
	ANDL $511, g

// CLAIM1(e, g1, g2, t): e &= claimKeep[g1|g2] (SI the table), the
// columns g1 and g2 of the other two bands (at most 511).
#define CLAIM1(e, g1, g2, t) \
	MOVL g1, t \
	ORL g2, t \
	ANDL (SI)(t*4), e

// PERMT(e): e = permT(e) (SI the table triadKeep); AX, CX scratch. The
// triads' first cells (bits 0, 3, ..., 24) are gathered into 9 bits by
// two multiplications without carries: by 0x54 each row's three to bits
// 6-8, 15-17 and 24-26, then, those alone, by 0x1041 the three rows to
// bits 18-26.
#define PERMT(e) \
	MOVL e, AX \
	SHRL $1, AX \
	ORL e, AX \
	MOVL AX, CX \
	SHRL $1, CX \
	ORL CX, AX \
	ANDL $0x1249249, AX \
	IMUL3L $0x54, AX, AX \
	ANDL $0x70381C0, AX \
	IMUL3L $0x1041, AX, AX \
	SHRL $18, AX \
	ANDL $511, AX \
	ANDL (SI)(AX*4), e

// ROWHIGH(x, h): h = the top bit of each of x's three 9-bit rows that
// has any bit set.
#define ROWHIGH(x, h) \
	MOVL x, h \
	ANDL $0x3FDFEFF, h \
	ADDL $0x3FDFEFF, h \
	ORL x, h \
	ANDL $0x4020100, h

// SINGLES1(e, s, m): m = singles1(e) &^ s; AX, CX, DX scratch.
#define SINGLES1(e, s, m) \
	LEAL -0x40201(e), AX \
	ANDL e, AX \
	ROWHIGH(AX, CX) \
	MOVL CX, DX \
	SHRL $8, DX \
	MOVL CX, AX \
	SUBL DX, AX \
	ORL CX, AX \
	ORL s, AX \
	NOTL AX \
	MOVL e, m \
	ANDL AX, m

// DIGIT8(skip, fail): digit 8's rules, unless BX is 0 (its words are at
// the rules' fixed point: then to skip); R14, R15 and DI get its new
// placements of the pass (0 if skipped); to fail on a contradiction. AX,
// BX, CX, DX and SI scratch.
#define DIGIT8(skip, fail) \
	XORL R14, R14 \
	XORL R15, R15 \
	XORL DI, DI \
	TESTL BX, BX \
	JEQ skip \
	COLS1(R8, AX, BX) \
	COLS1(R9, CX, BX) \
	COLS1(R10, DX, BX) \
	MOVL AX, BX \
	ORL CX, BX \
	ORL DX, BX \
	CMPL BX, $511 \
	JNE fail \
	LEAQ ·claimKeep(SB), SI \
	CLAIM1(R8, CX, DX, BX) \
	CLAIM1(R9, AX, DX, BX) \
	CLAIM1(R10, AX, CX, BX) \
	LEAQ ·triadKeep(SB), SI \
	PERMT(R8) \
	PERMT(R9) \
	PERMT(R10) \
	TESTL R8, R8 \
	JEQ fail \
	TESTL R9, R9 \
	JEQ fail \
	TESTL R10, R10 \
	JEQ fail \
	SINGLES1(R8, R11, R14) \
	SINGLES1(R9, R12, R15) \
	SINGLES1(R10, R13, DI) \
	LEAQ ·boxAlone(SB), SI \
	COLS1(R8, AX, BX) \
	MOVL (SI)(AX*4), AX \
	COLS1(R9, CX, BX) \
	MOVL (SI)(CX*4), CX \
	COLS1(R10, DX, BX) \
	MOVL (SI)(DX*4), DX \
	MOVL CX, BX \
	ORL DX, BX \
	NOTL BX \
	ANDL BX, R8 \
	MOVL AX, BX \
	ORL DX, BX \
	NOTL BX \
	ANDL BX, R9 \
	MOVL AX, BX \
	ORL CX, BX \
	NOTL BX \
	ANDL BX, R10

// PLACE1(vx, e, s, m): digit 8 of the band (e) loses the cells that the
// other digits placed in this pass (vx's lane 0: the band's placements,
// digit 8's own m among them), and s gains them all. AX, CX scratch.
#define PLACE1(vx, e, s, m) \
	VMOVD vx, AX \
	MOVL m, CX \
	NOTL CX \
	ANDL AX, CX \
	NOTL CX \
	ANDL CX, e \
	ORL AX, s

// NAKED1(nsx, e): the naked singles of the band (nsx's lane 0) that are
// digit 8's restrict its rows to them; R15 ors the changes of e. AX, CX,
// DX, SI, R14 scratch.
#define NAKED1(nsx, e) \
	VMOVD nsx, AX \
	ANDL e, AX \
	ROWHIGH(AX, CX) \
	MOVL CX, DX \
	SHRL $8, DX \
	MOVL CX, SI \
	SUBL DX, SI \
	ORL CX, SI \
	NOTL AX \
	ANDL AX, SI \
	MOVL e, R14 \
	NOTL SI \
	ANDL SI, e \
	XORL e, R14 \
	ORL R14, R15

// LOAD8: R8-R10 = digit 8's words and R11-R13 the placed cells of bands
// 0-2, from s (DI).
#define LOAD8 \
	MOVL 32(DI), R8 \
	MOVL 68(DI), R9 \
	MOVL 104(DI), R10 \
	MOVL 108(DI), R11 \
	MOVL 112(DI), R12 \
	MOVL 116(DI), R13

// KEEP8: DI = s; digit 8's words at the start of the pass go to s, where
// CHANGED8 compares them.
#define KEEP8 \
	MOVQ s+0(FP), DI \
	MOVL R8, 32(DI) \
	MOVL R9, 68(DI) \
	MOVL R10, 104(DI)

// CHANGED8: DI = s; BX = 1 if digit 8's words changed in the pass, else 0.
#define CHANGED8 \
	MOVQ s+0(FP), DI \
	XORL BX, BX \
	MOVL R8, AX \
	XORL 32(DI), AX \
	MOVL R9, CX \
	XORL 68(DI), CX \
	ORL CX, AX \
	MOVL R10, CX \
	XORL 104(DI), CX \
	ORL CX, AX \
	SETNE BL

// STORE8: digit 8's words and the placed cells to s (DI).
#define STORE8 \
	MOVL R8, 32(DI) \
	MOVL R9, 68(DI) \
	MOVL R10, 104(DI) \
	MOVL R11, 108(DI) \
	MOVL R12, 112(DI) \
	MOVL R13, 116(DI)
