#include "textflag.h"

// func prefetchRows(table *int32, row *[4]int32): PREFETCHT0 of the 16-byte
// row of each of the four states (a negative one is replaced by 0).
TEXT ·prefetchRows(SB), NOSPLIT, $0-16
	MOVQ table+0(FP), AX
	MOVQ row+8(FP), BX
	XORQ DX, DX
	MOVLQSX 0(BX), CX
	TESTQ CX, CX
	CMOVQLT DX, CX
	SHLQ $4, CX
	PREFETCHT0 (AX)(CX*1)
	MOVLQSX 4(BX), CX
	TESTQ CX, CX
	CMOVQLT DX, CX
	SHLQ $4, CX
	PREFETCHT0 (AX)(CX*1)
	MOVLQSX 8(BX), CX
	TESTQ CX, CX
	CMOVQLT DX, CX
	SHLQ $4, CX
	PREFETCHT0 (AX)(CX*1)
	MOVLQSX 12(BX), CX
	TESTQ CX, CX
	CMOVQLT DX, CX
	SHLQ $4, CX
	PREFETCHT0 (AX)(CX*1)
	RET
