#include "textflag.h"

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
	ANDQ R8, DX \
	POPCNTQ DX, DX \
	ANDQ R10, BX \
	POPCNTQ BX, BX \
	SHLQ $2, DX \
	SUBQ BX, DX \
	MOVQ DI, BX \
	ANDQ R9, BX \
	POPCNTQ BX, BX \
	LEAQ 0(DX)(BX*4), DX \
	ANDQ R11, DI \
	POPCNTQ DI, DI \
	SUBQ DI, DX \
	SHLQ $7, DX \
	ADDQ R13, DX \
	ADDQ CX, DX \
	CMPL DX, AX \
	CMOVLCS DX, AX \
	TESTL R12, R12 \
	JNE loop \
done:

// func chooseKeyAsm(solved, biv *[3]uint32, masks *[32][2]uint64) uint32
TEXT ·chooseKeyAsm(SB), NOSPLIT, $0-28
	MOVQ solved+0(FP), BX
	MOVQ biv+8(FP), DI
	MOVQ masks+16(FP), SI
	MOVL $0x80000000, AX
	// Band 0: others are bands 1 and 2.
	MOVL 4(BX), R9
	MOVL 8(BX), DX
	SHLQ $27, DX
	ORQ DX, R9
	MOVL 4(DI), R11
	MOVL 8(DI), DX
	SHLQ $27, DX
	ORQ DX, R11
	MOVL 0(BX), R8
	MOVL 0(DI), R10
	MOVL $(64<<7), R13
	BAND(b0loop, b0done)
	MOVQ solved+0(FP), BX
	MOVQ biv+8(FP), DI
	// Band 1: others are bands 0 and 2.
	MOVL 0(BX), R9
	MOVL 8(BX), DX
	SHLQ $27, DX
	ORQ DX, R9
	MOVL 0(DI), R11
	MOVL 8(DI), DX
	SHLQ $27, DX
	ORQ DX, R11
	MOVL 4(BX), R8
	MOVL 4(DI), R10
	MOVL $(64<<7 | 1<<5), R13
	BAND(b1loop, b1done)
	MOVQ solved+0(FP), BX
	MOVQ biv+8(FP), DI
	// Band 2: others are bands 0 and 1.
	MOVL 0(BX), R9
	MOVL 4(BX), DX
	SHLQ $27, DX
	ORQ DX, R9
	MOVL 0(DI), R11
	MOVL 4(DI), DX
	SHLQ $27, DX
	ORQ DX, R11
	MOVL 8(BX), R8
	MOVL 8(DI), R10
	MOVL $(64<<7 | 2<<5), R13
	BAND(b2loop, b2done)
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
	ANDL R8, out \
	POPCNTL out, out \
	ANDL R9, R10 \
	POPCNTL R10, R10 \
	ADDL R10, out \
	ANDL R9, R11 \
	POPCNTL R11, R11 \
	ADDL R11, out \
	ANDL R9, R12 \
	POPCNTL R12, R12 \
	ADDL R12, out

// func moreUnitCandsAsm(c *[3][9]uint32, b int, p uint, d0, d1 int) bool
TEXT ·moreUnitCandsAsm(SB), NOSPLIT, $0-41
	MOVQ c+0(FP), SI
	MOVQ b+8(FP), DI
	IMULQ $36, DI
	ADDQ SI, DI
	MOVQ p+16(FP), CX
	ANDQ $31, CX
	LEAQ ·unitRowBox(SB), R8
	MOVL (R8)(CX*4), R8
	LEAQ ·unitCol(SB), R9
	MOVL (R9)(CX*4), R9
	MOVQ d0+24(FP), DX
	UNITS(DX, R13)
	MOVQ d1+32(FP), DX
	UNITS(DX, AX)
	CMPL AX, R13
	SETHI ret+40(FP)
	RET
