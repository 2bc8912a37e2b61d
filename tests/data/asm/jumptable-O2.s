// Recorded: aarch64-linux-gnu-gcc (Debian 12.2.0-14) 12.2.0
// Command: aarch64-linux-gnu-gcc -S -g -O2 --param case-values-threshold=4 jumptable.c
// Source:
//   #define READ_ONCE(x) (*(const volatile __typeof__(x) *)&(x))
//   extern void use(int);
//   struct foo { int a, b, c, d; };
//   struct foo *gp;
//   int gq;
//   void s1(int c)
//   {
//   	struct foo *p = READ_ONCE(gp); /* rcu:head */
//   	switch (c) {
//   	case 0: use(1); break;
//   	case 1: use(3); break;
//   	case 2: use(7); break;
//   	case 3: use(9); break;
//   	case 4: use(19); break;
//   	case 5: use(29); break;
//   	case 6: use(39); break;
//   	case 7: use(49); break;
//   	case 8: use(59); break;
//   	}
//   	use(p->b); /* rcu:dep */
//   }
	.arch armv8-a
	.file	"jumptable.c"
	.text
.Ltext0:
	.file 0 "/tmp/ac/rec" "jumptable.c"
	.align	2
	.p2align 4,,11
	.global	s1
	.type	s1, %function
s1:
.LVL0:
.LFB0:
	.file 1 "jumptable.c"
	.loc 1 7 1 view -0
	.cfi_startproc
	.loc 1 8 2 view .LVU1
	.loc 1 7 1 is_stmt 0 view .LVU2
	stp	x29, x30, [sp, -32]!
	.cfi_def_cfa_offset 32
	.cfi_offset 29, -32
	.cfi_offset 30, -24
	.loc 1 8 14 view .LVU3
	adrp	x1, .LANCHOR0
	.loc 1 7 1 view .LVU4
	mov	x29, sp
	str	x19, [sp, 16]
	.cfi_offset 19, -16
	.loc 1 8 14 view .LVU5
	ldr	x19, [x1, #:lo12:.LANCHOR0]
.LVL1:
	.loc 1 9 2 is_stmt 1 view .LVU6
	cmp	w0, 8
	bhi	.L2
	adrp	x1, .L4
	add	x1, x1, :lo12:.L4
	ldrb	w1, [x1,w0,uxtw]
	adr	x0, .Lrtx4
	add	x1, x0, w1, sxtb #2
	br	x1
.Lrtx4:
.LVL2:
	.section	.rodata
	.align	0
	.align	2
.L4:
	.byte	(.L12 - .Lrtx4) / 4
	.byte	(.L11 - .Lrtx4) / 4
	.byte	(.L10 - .Lrtx4) / 4
	.byte	(.L9 - .Lrtx4) / 4
	.byte	(.L8 - .Lrtx4) / 4
	.byte	(.L7 - .Lrtx4) / 4
	.byte	(.L6 - .Lrtx4) / 4
	.byte	(.L5 - .Lrtx4) / 4
	.byte	(.L3 - .Lrtx4) / 4
	.text
	.p2align 2,,3
.L3:
	.loc 1 18 10 view .LVU7
	mov	w0, 59
	bl	use
.LVL3:
	.loc 1 18 19 view .LVU8
.L2:
	.loc 1 20 2 view .LVU9
	ldr	w0, [x19, 4]
	.loc 1 21 1 is_stmt 0 view .LVU10
	ldr	x19, [sp, 16]
.LVL4:
	.loc 1 21 1 view .LVU11
	ldp	x29, x30, [sp], 32
	.cfi_remember_state
	.cfi_restore 30
	.cfi_restore 29
	.cfi_restore 19
	.cfi_def_cfa_offset 0
	.loc 1 20 2 view .LVU12
	b	use
.LVL5:
	.p2align 2,,3
.L5:
	.cfi_restore_state
	.loc 1 17 10 is_stmt 1 view .LVU13
	mov	w0, 49
	bl	use
.LVL6:
	.loc 1 17 19 view .LVU14
	.loc 1 20 2 view .LVU15
	ldr	w0, [x19, 4]
	.loc 1 21 1 is_stmt 0 view .LVU16
	ldr	x19, [sp, 16]
.LVL7:
	.loc 1 21 1 view .LVU17
	ldp	x29, x30, [sp], 32
	.cfi_remember_state
	.cfi_restore 30
	.cfi_restore 29
	.cfi_restore 19
	.cfi_def_cfa_offset 0
	.loc 1 20 2 view .LVU18
	b	use
.LVL8:
	.p2align 2,,3
.L12:
	.cfi_restore_state
	.loc 1 10 10 is_stmt 1 view .LVU19
	mov	w0, 1
	bl	use
.LVL9:
	.loc 1 10 18 view .LVU20
	.loc 1 20 2 view .LVU21
	ldr	w0, [x19, 4]
	.loc 1 21 1 is_stmt 0 view .LVU22
	ldr	x19, [sp, 16]
.LVL10:
	.loc 1 21 1 view .LVU23
	ldp	x29, x30, [sp], 32
	.cfi_remember_state
	.cfi_restore 30
	.cfi_restore 29
	.cfi_restore 19
	.cfi_def_cfa_offset 0
	.loc 1 20 2 view .LVU24
	b	use
.LVL11:
	.p2align 2,,3
.L11:
	.cfi_restore_state
	.loc 1 11 10 is_stmt 1 view .LVU25
	mov	w0, 3
	bl	use
.LVL12:
	.loc 1 11 18 view .LVU26
	.loc 1 20 2 view .LVU27
	ldr	w0, [x19, 4]
	.loc 1 21 1 is_stmt 0 view .LVU28
	ldr	x19, [sp, 16]
.LVL13:
	.loc 1 21 1 view .LVU29
	ldp	x29, x30, [sp], 32
	.cfi_remember_state
	.cfi_restore 30
	.cfi_restore 29
	.cfi_restore 19
	.cfi_def_cfa_offset 0
	.loc 1 20 2 view .LVU30
	b	use
.LVL14:
	.p2align 2,,3
.L10:
	.cfi_restore_state
	.loc 1 12 10 is_stmt 1 view .LVU31
	mov	w0, 7
	bl	use
.LVL15:
	.loc 1 12 18 view .LVU32
	.loc 1 20 2 view .LVU33
	ldr	w0, [x19, 4]
	.loc 1 21 1 is_stmt 0 view .LVU34
	ldr	x19, [sp, 16]
.LVL16:
	.loc 1 21 1 view .LVU35
	ldp	x29, x30, [sp], 32
	.cfi_remember_state
	.cfi_restore 30
	.cfi_restore 29
	.cfi_restore 19
	.cfi_def_cfa_offset 0
	.loc 1 20 2 view .LVU36
	b	use
.LVL17:
	.p2align 2,,3
.L9:
	.cfi_restore_state
	.loc 1 13 10 is_stmt 1 view .LVU37
	mov	w0, 9
	bl	use
.LVL18:
	.loc 1 13 18 view .LVU38
	.loc 1 20 2 view .LVU39
	ldr	w0, [x19, 4]
	.loc 1 21 1 is_stmt 0 view .LVU40
	ldr	x19, [sp, 16]
.LVL19:
	.loc 1 21 1 view .LVU41
	ldp	x29, x30, [sp], 32
	.cfi_remember_state
	.cfi_restore 30
	.cfi_restore 29
	.cfi_restore 19
	.cfi_def_cfa_offset 0
	.loc 1 20 2 view .LVU42
	b	use
.LVL20:
	.p2align 2,,3
.L8:
	.cfi_restore_state
	.loc 1 14 10 is_stmt 1 view .LVU43
	mov	w0, 19
	bl	use
.LVL21:
	.loc 1 14 19 view .LVU44
	.loc 1 20 2 view .LVU45
	ldr	w0, [x19, 4]
	.loc 1 21 1 is_stmt 0 view .LVU46
	ldr	x19, [sp, 16]
.LVL22:
	.loc 1 21 1 view .LVU47
	ldp	x29, x30, [sp], 32
	.cfi_remember_state
	.cfi_restore 30
	.cfi_restore 29
	.cfi_restore 19
	.cfi_def_cfa_offset 0
	.loc 1 20 2 view .LVU48
	b	use
.LVL23:
	.p2align 2,,3
.L7:
	.cfi_restore_state
	.loc 1 15 10 is_stmt 1 view .LVU49
	mov	w0, 29
	bl	use
.LVL24:
	.loc 1 15 19 view .LVU50
	.loc 1 20 2 view .LVU51
	ldr	w0, [x19, 4]
	.loc 1 21 1 is_stmt 0 view .LVU52
	ldr	x19, [sp, 16]
.LVL25:
	.loc 1 21 1 view .LVU53
	ldp	x29, x30, [sp], 32
	.cfi_remember_state
	.cfi_restore 30
	.cfi_restore 29
	.cfi_restore 19
	.cfi_def_cfa_offset 0
	.loc 1 20 2 view .LVU54
	b	use
.LVL26:
	.p2align 2,,3
.L6:
	.cfi_restore_state
	.loc 1 16 10 is_stmt 1 view .LVU55
	mov	w0, 39
	bl	use
.LVL27:
	.loc 1 16 19 view .LVU56
	.loc 1 20 2 view .LVU57
	ldr	w0, [x19, 4]
	.loc 1 21 1 is_stmt 0 view .LVU58
	ldr	x19, [sp, 16]
.LVL28:
	.loc 1 21 1 view .LVU59
	ldp	x29, x30, [sp], 32
	.cfi_restore 30
	.cfi_restore 29
	.cfi_restore 19
	.cfi_def_cfa_offset 0
	.loc 1 20 2 view .LVU60
	b	use
.LVL29:
	.cfi_endproc
.LFE0:
	.size	s1, .-s1
	.global	gq
	.global	gp
	.bss
	.align	3
	.set	.LANCHOR0,. + 0
	.type	gp, %object
	.size	gp, 8
gp:
	.zero	8
	.type	gq, %object
	.size	gq, 4
gq:
	.zero	4
	.text
.Letext0:
	.section	.debug_info,"",@progbits
.Ldebug_info0:
	.4byte	0x229
	.2byte	0x5
	.byte	0x1
	.byte	0x8
	.4byte	.Ldebug_abbrev0
	.uleb128 0x6
	.4byte	.LASF2
	.byte	0x1d
	.4byte	.LASF0
	.4byte	.LASF1
	.8byte	.Ltext0
	.8byte	.Letext0-.Ltext0
	.4byte	.Ldebug_line0
	.uleb128 0x7
	.string	"foo"
	.byte	0x10
	.byte	0x1
	.byte	0x3
	.byte	0x8
	.4byte	0x60
	.uleb128 0x4
	.string	"a"
	.byte	0x12
	.4byte	0x60
	.byte	0
	.uleb128 0x4
	.string	"b"
	.byte	0x15
	.4byte	0x60
	.byte	0x4
	.uleb128 0x4
	.string	"c"
	.byte	0x18
	.4byte	0x60
	.byte	0x8
	.uleb128 0x4
	.string	"d"
	.byte	0x1b
	.4byte	0x60
	.byte	0xc
	.byte	0
	.uleb128 0x8
	.byte	0x4
	.byte	0x5
	.string	"int"
	.uleb128 0x5
	.string	"gp"
	.byte	0x4
	.byte	0xd
	.4byte	0x7b
	.uleb128 0x9
	.byte	0x3
	.8byte	gp
	.uleb128 0x9
	.byte	0x8
	.4byte	0x2e
	.uleb128 0x5
	.string	"gq"
	.byte	0x5
	.byte	0x5
	.4byte	0x60
	.uleb128 0x9
	.byte	0x3
	.8byte	gq
	.uleb128 0xa
	.string	"use"
	.byte	0x1
	.byte	0x2
	.byte	0xd
	.4byte	0xa7
	.uleb128 0xb
	.4byte	0x60
	.byte	0
	.uleb128 0xc
	.string	"s1"
	.byte	0x1
	.byte	0x6
	.byte	0x6
	.8byte	.LFB0
	.8byte	.LFE0-.LFB0
	.uleb128 0x1
	.byte	0x9c
	.uleb128 0xd
	.string	"c"
	.byte	0x1
	.byte	0x6
	.byte	0xd
	.4byte	0x60
	.4byte	.LLST0
	.4byte	.LVUS0
	.uleb128 0xe
	.string	"p"
	.byte	0x1
	.byte	0x8
	.byte	0xe
	.4byte	0x7b
	.4byte	.LLST1
	.4byte	.LVUS1
	.uleb128 0x1
	.8byte	.LVL3
	.4byte	0x95
	.4byte	0xfc
	.uleb128 0x2
	.uleb128 0x1
	.byte	0x50
	.uleb128 0x2
	.byte	0x8
	.byte	0x3b
	.byte	0
	.uleb128 0x3
	.8byte	.LVL5
	.4byte	0x95
	.uleb128 0x1
	.8byte	.LVL6
	.4byte	0x95
	.4byte	0x121
	.uleb128 0x2
	.uleb128 0x1
	.byte	0x50
	.uleb128 0x2
	.byte	0x8
	.byte	0x31
	.byte	0
	.uleb128 0x3
	.8byte	.LVL8
	.4byte	0x95
	.uleb128 0x1
	.8byte	.LVL9
	.4byte	0x95
	.4byte	0x145
	.uleb128 0x2
	.uleb128 0x1
	.byte	0x50
	.uleb128 0x1
	.byte	0x31
	.byte	0
	.uleb128 0x3
	.8byte	.LVL11
	.4byte	0x95
	.uleb128 0x1
	.8byte	.LVL12
	.4byte	0x95
	.4byte	0x169
	.uleb128 0x2
	.uleb128 0x1
	.byte	0x50
	.uleb128 0x1
	.byte	0x33
	.byte	0
	.uleb128 0x3
	.8byte	.LVL14
	.4byte	0x95
	.uleb128 0x1
	.8byte	.LVL15
	.4byte	0x95
	.4byte	0x18d
	.uleb128 0x2
	.uleb128 0x1
	.byte	0x50
	.uleb128 0x1
	.byte	0x37
	.byte	0
	.uleb128 0x3
	.8byte	.LVL17
	.4byte	0x95
	.uleb128 0x1
	.8byte	.LVL18
	.4byte	0x95
	.4byte	0x1b1
	.uleb128 0x2
	.uleb128 0x1
	.byte	0x50
	.uleb128 0x1
	.byte	0x39
	.byte	0
	.uleb128 0x3
	.8byte	.LVL20
	.4byte	0x95
	.uleb128 0x1
	.8byte	.LVL21
	.4byte	0x95
	.4byte	0x1d5
	.uleb128 0x2
	.uleb128 0x1
	.byte	0x50
	.uleb128 0x1
	.byte	0x43
	.byte	0
	.uleb128 0x3
	.8byte	.LVL23
	.4byte	0x95
	.uleb128 0x1
	.8byte	.LVL24
	.4byte	0x95
	.4byte	0x1f9
	.uleb128 0x2
	.uleb128 0x1
	.byte	0x50
	.uleb128 0x1
	.byte	0x4d
	.byte	0
	.uleb128 0x3
	.8byte	.LVL26
	.4byte	0x95
	.uleb128 0x1
	.8byte	.LVL27
	.4byte	0x95
	.4byte	0x21e
	.uleb128 0x2
	.uleb128 0x1
	.byte	0x50
	.uleb128 0x2
	.byte	0x8
	.byte	0x27
	.byte	0
	.uleb128 0x3
	.8byte	.LVL29
	.4byte	0x95
	.byte	0
	.byte	0
	.section	.debug_abbrev,"",@progbits
.Ldebug_abbrev0:
	.uleb128 0x1
	.uleb128 0x48
	.byte	0x1
	.uleb128 0x7d
	.uleb128 0x1
	.uleb128 0x7f
	.uleb128 0x13
	.uleb128 0x1
	.uleb128 0x13
	.byte	0
	.byte	0
	.uleb128 0x2
	.uleb128 0x49
	.byte	0
	.uleb128 0x2
	.uleb128 0x18
	.uleb128 0x7e
	.uleb128 0x18
	.byte	0
	.byte	0
	.uleb128 0x3
	.uleb128 0x48
	.byte	0
	.uleb128 0x7d
	.uleb128 0x1
	.uleb128 0x82
	.uleb128 0x19
	.uleb128 0x7f
	.uleb128 0x13
	.byte	0
	.byte	0
	.uleb128 0x4
	.uleb128 0xd
	.byte	0
	.uleb128 0x3
	.uleb128 0x8
	.uleb128 0x3a
	.uleb128 0x21
	.sleb128 1
	.uleb128 0x3b
	.uleb128 0x21
	.sleb128 3
	.uleb128 0x39
	.uleb128 0xb
	.uleb128 0x49
	.uleb128 0x13
	.uleb128 0x38
	.uleb128 0xb
	.byte	0
	.byte	0
	.uleb128 0x5
	.uleb128 0x34
	.byte	0
	.uleb128 0x3
	.uleb128 0x8
	.uleb128 0x3a
	.uleb128 0x21
	.sleb128 1
	.uleb128 0x3b
	.uleb128 0xb
	.uleb128 0x39
	.uleb128 0xb
	.uleb128 0x49
	.uleb128 0x13
	.uleb128 0x3f
	.uleb128 0x19
	.uleb128 0x2
	.uleb128 0x18
	.byte	0
	.byte	0
	.uleb128 0x6
	.uleb128 0x11
	.byte	0x1
	.uleb128 0x25
	.uleb128 0xe
	.uleb128 0x13
	.uleb128 0xb
	.uleb128 0x3
	.uleb128 0x1f
	.uleb128 0x1b
	.uleb128 0x1f
	.uleb128 0x11
	.uleb128 0x1
	.uleb128 0x12
	.uleb128 0x7
	.uleb128 0x10
	.uleb128 0x17
	.byte	0
	.byte	0
	.uleb128 0x7
	.uleb128 0x13
	.byte	0x1
	.uleb128 0x3
	.uleb128 0x8
	.uleb128 0xb
	.uleb128 0xb
	.uleb128 0x3a
	.uleb128 0xb
	.uleb128 0x3b
	.uleb128 0xb
	.uleb128 0x39
	.uleb128 0xb
	.uleb128 0x1
	.uleb128 0x13
	.byte	0
	.byte	0
	.uleb128 0x8
	.uleb128 0x24
	.byte	0
	.uleb128 0xb
	.uleb128 0xb
	.uleb128 0x3e
	.uleb128 0xb
	.uleb128 0x3
	.uleb128 0x8
	.byte	0
	.byte	0
	.uleb128 0x9
	.uleb128 0xf
	.byte	0
	.uleb128 0xb
	.uleb128 0xb
	.uleb128 0x49
	.uleb128 0x13
	.byte	0
	.byte	0
	.uleb128 0xa
	.uleb128 0x2e
	.byte	0x1
	.uleb128 0x3f
	.uleb128 0x19
	.uleb128 0x3
	.uleb128 0x8
	.uleb128 0x3a
	.uleb128 0xb
	.uleb128 0x3b
	.uleb128 0xb
	.uleb128 0x39
	.uleb128 0xb
	.uleb128 0x27
	.uleb128 0x19
	.uleb128 0x3c
	.uleb128 0x19
	.uleb128 0x1
	.uleb128 0x13
	.byte	0
	.byte	0
	.uleb128 0xb
	.uleb128 0x5
	.byte	0
	.uleb128 0x49
	.uleb128 0x13
	.byte	0
	.byte	0
	.uleb128 0xc
	.uleb128 0x2e
	.byte	0x1
	.uleb128 0x3f
	.uleb128 0x19
	.uleb128 0x3
	.uleb128 0x8
	.uleb128 0x3a
	.uleb128 0xb
	.uleb128 0x3b
	.uleb128 0xb
	.uleb128 0x39
	.uleb128 0xb
	.uleb128 0x27
	.uleb128 0x19
	.uleb128 0x11
	.uleb128 0x1
	.uleb128 0x12
	.uleb128 0x7
	.uleb128 0x40
	.uleb128 0x18
	.uleb128 0x7a
	.uleb128 0x19
	.byte	0
	.byte	0
	.uleb128 0xd
	.uleb128 0x5
	.byte	0
	.uleb128 0x3
	.uleb128 0x8
	.uleb128 0x3a
	.uleb128 0xb
	.uleb128 0x3b
	.uleb128 0xb
	.uleb128 0x39
	.uleb128 0xb
	.uleb128 0x49
	.uleb128 0x13
	.uleb128 0x2
	.uleb128 0x17
	.uleb128 0x2137
	.uleb128 0x17
	.byte	0
	.byte	0
	.uleb128 0xe
	.uleb128 0x34
	.byte	0
	.uleb128 0x3
	.uleb128 0x8
	.uleb128 0x3a
	.uleb128 0xb
	.uleb128 0x3b
	.uleb128 0xb
	.uleb128 0x39
	.uleb128 0xb
	.uleb128 0x49
	.uleb128 0x13
	.uleb128 0x2
	.uleb128 0x17
	.uleb128 0x2137
	.uleb128 0x17
	.byte	0
	.byte	0
	.byte	0
	.section	.debug_loclists,"",@progbits
	.4byte	.Ldebug_loc3-.Ldebug_loc2
.Ldebug_loc2:
	.2byte	0x5
	.byte	0x8
	.byte	0
	.4byte	0
.Ldebug_loc0:
.LVUS0:
	.uleb128 0
	.uleb128 .LVU7
	.uleb128 .LVU7
	.uleb128 0
.LLST0:
	.byte	0x4
	.uleb128 .LVL0-.Ltext0
	.uleb128 .LVL2-.Ltext0
	.uleb128 0x1
	.byte	0x50
	.byte	0x4
	.uleb128 .LVL2-.Ltext0
	.uleb128 .LFE0-.Ltext0
	.uleb128 0x4
	.byte	0xa3
	.uleb128 0x1
	.byte	0x50
	.byte	0x9f
	.byte	0
.LVUS1:
	.uleb128 .LVU6
	.uleb128 .LVU11
	.uleb128 .LVU13
	.uleb128 .LVU17
	.uleb128 .LVU19
	.uleb128 .LVU23
	.uleb128 .LVU25
	.uleb128 .LVU29
	.uleb128 .LVU31
	.uleb128 .LVU35
	.uleb128 .LVU37
	.uleb128 .LVU41
	.uleb128 .LVU43
	.uleb128 .LVU47
	.uleb128 .LVU49
	.uleb128 .LVU53
	.uleb128 .LVU55
	.uleb128 .LVU59
.LLST1:
	.byte	0x4
	.uleb128 .LVL1-.Ltext0
	.uleb128 .LVL4-.Ltext0
	.uleb128 0x1
	.byte	0x63
	.byte	0x4
	.uleb128 .LVL5-.Ltext0
	.uleb128 .LVL7-.Ltext0
	.uleb128 0x1
	.byte	0x63
	.byte	0x4
	.uleb128 .LVL8-.Ltext0
	.uleb128 .LVL10-.Ltext0
	.uleb128 0x1
	.byte	0x63
	.byte	0x4
	.uleb128 .LVL11-.Ltext0
	.uleb128 .LVL13-.Ltext0
	.uleb128 0x1
	.byte	0x63
	.byte	0x4
	.uleb128 .LVL14-.Ltext0
	.uleb128 .LVL16-.Ltext0
	.uleb128 0x1
	.byte	0x63
	.byte	0x4
	.uleb128 .LVL17-.Ltext0
	.uleb128 .LVL19-.Ltext0
	.uleb128 0x1
	.byte	0x63
	.byte	0x4
	.uleb128 .LVL20-.Ltext0
	.uleb128 .LVL22-.Ltext0
	.uleb128 0x1
	.byte	0x63
	.byte	0x4
	.uleb128 .LVL23-.Ltext0
	.uleb128 .LVL25-.Ltext0
	.uleb128 0x1
	.byte	0x63
	.byte	0x4
	.uleb128 .LVL26-.Ltext0
	.uleb128 .LVL28-.Ltext0
	.uleb128 0x1
	.byte	0x63
	.byte	0
.Ldebug_loc3:
	.section	.debug_aranges,"",@progbits
	.4byte	0x2c
	.2byte	0x2
	.4byte	.Ldebug_info0
	.byte	0x8
	.byte	0
	.2byte	0
	.2byte	0
	.8byte	.Ltext0
	.8byte	.Letext0-.Ltext0
	.8byte	0
	.8byte	0
	.section	.debug_line,"",@progbits
.Ldebug_line0:
	.section	.debug_str,"MS",@progbits,1
.LASF2:
	.string	"GNU C17 12.2.0 -mlittle-endian -mabi=lp64 -g -O2 --param=case-values-threshold=4 -fasynchronous-unwind-tables"
	.section	.debug_line_str,"MS",@progbits,1
.LASF1:
	.string	"/tmp/ac/rec"
.LASF0:
	.string	"jumptable.c"
	.ident	"GCC: (Debian 12.2.0-14) 12.2.0"
	.section	.note.GNU-stack,"",@progbits
