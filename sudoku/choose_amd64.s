#include "textflag.h"

// CELLARGS: SI = c, DI = band b's words, CX = p (the arguments of
// moreUnitCandsAsm and cellBranchAsm); CELLMASKS: R8 = the row and box,
// R9 = the column of cell p.
#define CELLARGS \
	MOVQ c+0(FP), SI \
	MOVQ b+8(FP), DI \
	IMULQ $36, DI \
	ADDQ SI, DI \
	MOVQ p+16(FP), CX \
	ANDQ $31, CX

#define CELLMASKS \
	LEAQ ·unitRowBox(SB), R8 \
	MOVL (R8)(CX*4), R8 \
	LEAQ ·unitCol(SB), R9 \
	MOVL (R9)(CX*4), R9

// ANDPOPQ(m, r) and ANDPOPL(m, r): r = the number of bits of r & m.
#define ANDPOPQ(m, r) \
	ANDQ m, r \
	POPCNTQ r, r

#define ANDPOPL(m, r) \
	ANDL m, r \
	POPCNTL r, r

// BAND scores the two-candidate cells of one band (chooseKey's inner
// loop): R8 its placed cells, R9 the other bands' placed cells side by
// side, R10 its two-candidate cells, R11 the other bands' two-candidate
// cells, R13 64<<7 | band<<5, SI the peer masks; AX keeps the smallest
// key. BX, CX, DX, DI and R12 are scratch.
#define BAND(loop, done) \
	MOVL R10, R12 \
	TESTL R12, R12 \
	JEQ done \
loop: \
	BSFL R12, CX \
	LEAL -1(R12), DX \
	ANDL DX, R12 \
	MOVL CX, DX \
	SHLL $4, DX \
	MOVQ 0(SI)(DX*1), BX \
	MOVQ 8(SI)(DX*1), DI \
	MOVQ BX, DX \
	ANDPOPQ(R8, DX) \
	ANDPOPQ(R10, BX) \
	SHLQ $2, DX \
	SUBQ BX, DX \
	MOVQ DI, BX \
	ANDPOPQ(R9, BX) \
	LEAQ 0(DX)(BX*4), DX \
	ANDPOPQ(R11, DI) \
	SUBQ DI, DX \
	SHLQ $7, DX \
	ADDQ R13, DX \
	ADDQ CX, DX \
	CMPL DX, AX \
	CMOVLCS DX, AX \
	TESTL R12, R12 \
	JNE loop \
done:

// SCOREBAND(o1, o2, own, key, loop, done): BAND for the band at byte
// offset own of solved and biv, the other two at o1 and o2; key is 64<<7
// | band<<5.
#define SCOREBAND(o1, o2, own, key, loop, done) \
	MOVQ solved+0(FP), BX \
	MOVQ biv+8(FP), DI \
	MOVL o1(BX), R9 \
	MOVL o2(BX), DX \
	SHLQ $27, DX \
	ORQ DX, R9 \
	MOVL o1(DI), R11 \
	MOVL o2(DI), DX \
	SHLQ $27, DX \
	ORQ DX, R11 \
	MOVL own(BX), R8 \
	MOVL own(DI), R10 \
	MOVL $(key), R13 \
	BAND(loop, done)

// func chooseKeyAsm(solved, biv *[3]uint32, masks *[32][2]uint64) uint32
TEXT ·chooseKeyAsm(SB), NOSPLIT, $0-28
	MOVQ masks+16(FP), SI
	MOVL $0x80000000, AX
	SCOREBAND(4, 8, 0, 64<<7, b0loop, b0done)
	SCOREBAND(0, 8, 4, 64<<7|1<<5, b1loop, b1done)
	SCOREBAND(0, 4, 8, 64<<7|2<<5, b2loop, b2done)
	MOVL AX, ret+24(FP)
	RET

// UNITS(d, out) sets out to unitCands of digit d (a register holding
// it): SI the words, DI band b's words, R8 the row and box, R9 the
// column of the cell. R10-R12 are scratch.
#define UNITS(d, out) \
	MOVL 0(SI)(d*4), R10 \
	MOVL 36(SI)(d*4), R11 \
	MOVL 72(SI)(d*4), R12 \
	MOVL 0(DI)(d*4), out \
	ANDPOPL(R8, out) \
	ANDPOPL(R9, R10) \
	ADDL R10, out \
	ANDPOPL(R9, R11) \
	ADDL R11, out \
	ANDPOPL(R9, R12) \
	ADDL R12, out

// func moreUnitCandsAsm(c *[3][9]uint32, b int, p uint, d0, d1 int) bool
TEXT ·moreUnitCandsAsm(SB), NOSPLIT, $0-41
	CELLARGS
	CELLMASKS
	MOVQ d0+24(FP), DX
	UNITS(DX, R13)
	MOVQ d1+32(FP), DX
	UNITS(DX, AX)
	CMPL AX, R13
	SETHI ret+40(FP)
	RET

// Offsets in chooseTable (choose_amd64.go).
#define chooseCtl 0
#define chooseBit 160
#define chooseTri 320
#define chooseOne 352
#define chooseFour 384
#define chooseLow 416

// CELLS(src, srcv, k, w): for register k of chooseKeyAVX2, w = W of
// each cell and the frame slot k gets 255 where the cell has not two
// candidates, from src and srcv, the placed and the two-candidate cells
// of the rows' bands broadcast (Y11 zero; Y9, Y10 scratch).
#define CELLS(src, srcv, k, w) \
	VPSHUFB (chooseCtl+32*k)(SI), src, Y9 \
	VPAND (chooseBit+32*k)(SI), Y9, Y9 \
	VPCMPEQB (chooseBit+32*k)(SI), Y9, Y9 \
	VPSHUFB (chooseCtl+32*k)(SI), srcv, Y10 \
	VPAND (chooseBit+32*k)(SI), Y10, Y10 \
	VPCMPEQB Y11, Y10, Y10 \
	VMOVDQU Y10, (32*k)(SP) \
	VPAND chooseFour(SI), Y9, Y9 \
	VPAND chooseOne(SI), Y10, Y10 \
	VPADDB Y10, Y9, w

// BANDG(c): c (a band's column sums of W, low lane) becomes its box sum
// plus the grid's column (Y8) less c itself, for every column (Y9, Y10
// scratch).
#define BANDG(c) \
	VPSRLDQ $1, c, Y9 \
	VPADDB c, Y9, Y9 \
	VPSRLDQ $2, c, Y10 \
	VPADDB Y10, Y9, Y9 \
	VPSHUFB chooseTri(SI), Y9, Y9 \
	VPADDB Y8, Y9, Y9 \
	VPSUBB c, Y9, c

// SCORE(w, slot): w = the score of each cell of the register: its row's
// sum less its triad's, plus Y8 (BANDG of its band in its lane), 255
// where the frame slot says so (Y9, Y10, Y11 zero).
#define SCORE(w, slot) \
	VPSRLDQ $1, w, Y9 \
	VPADDB w, Y9, Y9 \
	VPSRLDQ $2, w, Y10 \
	VPADDB Y10, Y9, Y9 \
	VPSRLDQ $3, Y9, Y10 \
	VPADDB Y9, Y10, Y10 \
	VPSRLDQ $6, Y9, w \
	VPADDB w, Y10, Y10 \
	VPSHUFB Y11, Y10, Y10 \
	VPSHUFB chooseTri(SI), Y9, Y9 \
	VPSUBB Y9, Y10, Y10 \
	VPADDB Y8, Y10, w \
	VPOR slot(SP), w, w

// func chooseKeyAVX2(solved, biv *[3]uint32, tab *chooseTable) uint32
//
// chooseKey for all 81 cells at once, a cell a byte: register k holds
// grid rows 2k and 2k+1, one a 128-bit lane (row 9 does not exist), cell
// c of a row at byte c of its lane. W = 5 at a placed cell, 0 at a
// two-candidate cell, 1 elsewhere (4 * placed - two-candidate, plus 1).
// The score of a cell is then W summed over its row and box, less its
// triad (row and box share it), plus its column in the other two bands
// (the column of the whole grid less the band's): chooseKey's n plus 21,
// 0 to 105. Cells without two candidates get 255, the smallest score
// wins, and of equal ones the first cell in row order, which is
// chooseKey's order of band and position. Frame: the five registers of
// "not two candidates" bytes.
TEXT ·chooseKeyAVX2(SB), NOSPLIT, $160-28
	VPXOR Y11, Y11, Y11
	MOVQ tab+16(FP), SI
	MOVQ solved+0(FP), AX
	VPBROADCASTQ 0(AX), Y12
	VPBROADCASTD 8(AX), Y14
	MOVQ biv+8(FP), BX
	VPBROADCASTQ 0(BX), Y13
	VPBROADCASTD 8(BX), Y15
	CELLS(Y12, Y13, 0, Y0)
	CELLS(Y12, Y13, 1, Y1)
	CELLS(Y12, Y13, 2, Y2)
	CELLS(Y14, Y15, 3, Y3)
	CELLS(Y14, Y15, 4, Y4)

	// The column of each band (low lanes): rows 0-2, 3-5 and 6-8.
	VPERMQ $0x4E, Y0, Y5
	VPADDB Y0, Y5, Y5
	VPADDB Y1, Y5, Y5
	VPERMQ $0x4E, Y1, Y6
	VPADDB Y2, Y6, Y6
	VPERMQ $0x4E, Y2, Y7
	VPADDB Y7, Y6, Y6
	VPERMQ $0x4E, Y3, Y7
	VPADDB Y3, Y7, Y7
	VPADDB Y4, Y7, Y7
	VPADDB Y6, Y5, Y8
	VPADDB Y7, Y8, Y8
	BANDG(Y5)
	BANDG(Y6)
	BANDG(Y7)

	VPERMQ $0x44, Y5, Y8
	SCORE(Y0, 0)
	VPERM2I128 $0x20, Y6, Y5, Y8
	SCORE(Y1, 32)
	VPERMQ $0x44, Y6, Y8
	SCORE(Y2, 64)
	VPERMQ $0x44, Y7, Y8
	SCORE(Y3, 96)
	SCORE(Y4, 128)

	// The smallest score, in every byte of Y8.
	VPMINUB Y1, Y0, Y8
	VPMINUB Y3, Y2, Y9
	VPMINUB Y9, Y8, Y8
	VPMINUB Y4, Y8, Y8
	VPERM2I128 $0x01, Y8, Y8, Y9
	VPMINUB Y9, Y8, Y8
	VPSRLDQ $8, Y8, Y9
	VPMINUB Y9, Y8, Y8
	VPSRLDQ $4, Y8, Y9
	VPMINUB Y9, Y8, Y8
	VPSRLDQ $2, Y8, Y9
	VPMINUB Y9, Y8, Y8
	VPSRLDQ $1, Y8, Y9
	VPMINUB Y9, Y8, Y8
	VMOVD X8, AX
	MOVBLZX AL, AX
	CMPL AX, $255
	JEQ none
	VPBROADCASTB X8, Y8

	// The first cell with it: rows 0-3, 4-7 and 8 in three words.
	VPCMPEQB Y8, Y0, Y9
	VPMOVMSKB Y9, R8
	VPCMPEQB Y8, Y1, Y9
	VPMOVMSKB Y9, R9
	VPCMPEQB Y8, Y2, Y9
	VPMOVMSKB Y9, R10
	VPCMPEQB Y8, Y3, Y9
	VPMOVMSKB Y9, R11
	VPCMPEQB Y8, Y4, Y9
	VPMOVMSKB Y9, R12
	SHLQ $32, R9
	ORQ R9, R8
	SHLQ $32, R11
	ORQ R11, R10
	BSFQ R12, DX
	ADDQ $128, DX
	BSFQ R10, CX
	ADDQ $64, CX
	TESTQ R10, R10
	CMOVQEQ DX, CX
	BSFQ R8, DX
	TESTQ R8, R8
	CMOVQEQ CX, DX
	ANDQ $255, DX
	MOVBLZX chooseLow(SI)(DX*1), CX
	ADDL $43, AX
	SHLL $7, AX
	ORL CX, AX
	VZEROUPPER
	MOVL AX, ret+24(FP)
	RET

none:
	VZEROUPPER
	MOVL $0x80000000, ret+24(FP)
	RET

// func cellBranchAsm(c *[3][9]uint32, b int, p uint) (cands uint32, swap bool)
// cands gets the digits that may go in cell p of band b (bit d for digit
// d: digits 0-7 by one AVX2 comparison, digit 8 apart); if there are two,
// swap says whether the second has more places in the cell's row, box and
// column than the first (moreUnitCandsAsm). No check of b and p.
TEXT ·cellBranchAsm(SB), NOSPLIT, $0-29
	CELLARGS
	MOVL $1, AX
	SHLL CX, AX
	VMOVD AX, X0
	VPBROADCASTD X0, Y0
	VPAND 0(DI), Y0, Y1
	VPCMPEQD Y0, Y1, Y1
	VMOVMSKPS Y1, AX
	VZEROUPPER
	MOVL 32(DI), DX
	SHRL CX, DX
	ANDL $1, DX
	SHLL $8, DX
	ORL DX, AX
	MOVL AX, cands+24(FP)
	MOVB $0, swap+28(FP)
	POPCNTL AX, DX
	CMPL DX, $2
	JNE two
	CELLMASKS
	BSFL AX, DX
	UNITS(DX, R13)
	LEAL -1(AX), BX
	ANDL BX, AX
	BSFL AX, DX
	UNITS(DX, AX)
	CMPL AX, R13
	SETHI swap+28(FP)
two:
	RET
