// Recorded: aarch64-linux-gnu-gcc (Debian 12.2.0-14) 12.2.0
// Command: aarch64-linux-gnu-gcc -S -g -O1 -I . ipa_cp_clone_hazard.c  (rcu_deref.h from plugin/include)
// Source:
//   /* Rule "be careful comparing against non-NULL values", across a noinline helper: hazard, the caller passes p to field_a() only when p == &defs[1], so IPA-CP may clone field_a() for the constant &defs[1] and the address it returns no longer depends on rcu_dereference(). */
//   #include "rcu_deref.h"
//   
//   struct foo {
//   	int a;
//   	int b;
//   };
//   
//   struct foo defs[2];
//   struct foo *gp = &defs[1];
//   
//   static __attribute__((noinline)) int *field_a(struct foo *f)
//   {
//   	return &f->a;
//   }
//   
//   int reader(void)
//   {
//   	struct foo *p;
//   	int *fa;
//   	int v = 0;
//   
//   	rcu_read_lock();
//   	p = rcu_dereference(gp); /* rcu:head */
//   	if (p == &defs[1]) {
//   		fa = field_a(p);
//   		v = *fa; /* rcu:dep */
//   	}
//   	rcu_read_unlock();
//   	return v;
//   }
	.arch armv8-a
	.file	"ipa_cp_clone_hazard.c"
	.text
.Ltext0:
	.file 0 "/tmp/ac/rec" "ipa_cp_clone_hazard.c"
	.align	2
	.type	field_a, %function
field_a:
.LVL0:
.LFB0:
	.file 1 "ipa_cp_clone_hazard.c"
	.loc 1 13 1 view -0
	.cfi_startproc
	.loc 1 14 2 view .LVU1
	.loc 1 15 1 is_stmt 0 view .LVU2
	ret
	.cfi_endproc
.LFE0:
	.size	field_a, .-field_a
	.align	2
	.global	reader
	.type	reader, %function
reader:
.LFB1:
	.loc 1 18 1 is_stmt 1 view -0
	.cfi_startproc
	.loc 1 19 2 view .LVU4
	.loc 1 20 2 view .LVU5
	.loc 1 21 2 view .LVU6
.LVL1:
	.loc 1 23 2 view .LVU7
	.loc 1 24 2 view .LVU8
.LBB2:
	.loc 1 24 6 view .LVU9
	adrp	x0, .LANCHOR0
	ldr	x2, [x0, #:lo12:.LANCHOR0]
.LVL2:
	.loc 1 24 6 view .LVU10
	.loc 1 24 6 view .LVU11
	.loc 1 24 6 is_stmt 0 view .LVU12
.LBE2:
	.loc 1 25 2 is_stmt 1 view .LVU13
	.loc 1 25 5 is_stmt 0 view .LVU14
	adrp	x1, .LANCHOR1
	add	x1, x1, :lo12:.LANCHOR1
	.loc 1 21 6 view .LVU15
	mov	w0, 0
	.loc 1 25 5 view .LVU16
	add	x1, x1, 8
	cmp	x2, x1
	beq	.L9
.LVL3:
	.loc 1 29 2 is_stmt 1 view .LVU17
	.loc 1 30 2 view .LVU18
	.loc 1 31 1 is_stmt 0 view .LVU19
	ret
.LVL4:
.L9:
	.loc 1 18 1 view .LVU20
	stp	x29, x30, [sp, -16]!
	.cfi_def_cfa_offset 16
	.cfi_offset 29, -16
	.cfi_offset 30, -8
	mov	x29, sp
	.loc 1 26 3 is_stmt 1 view .LVU21
	.loc 1 26 8 is_stmt 0 view .LVU22
	mov	x0, x1
	bl	field_a
.LVL5:
	.loc 1 27 3 is_stmt 1 view .LVU23
	.loc 1 27 5 is_stmt 0 view .LVU24
	ldr	w0, [x0]
.LVL6:
	.loc 1 29 2 is_stmt 1 view .LVU25
	.loc 1 30 2 view .LVU26
	.loc 1 31 1 is_stmt 0 view .LVU27
	ldp	x29, x30, [sp], 16
	.cfi_restore 30
	.cfi_restore 29
	.cfi_def_cfa_offset 0
	ret
	.cfi_endproc
.LFE1:
	.size	reader, .-reader
	.global	gp
	.global	defs
	.bss
	.align	3
	.set	.LANCHOR1,. + 0
	.type	defs, %object
	.size	defs, 16
defs:
	.zero	16
	.section	.data.rel.local,"aw"
	.align	3
	.set	.LANCHOR0,. + 0
	.type	gp, %object
	.size	gp, 8
gp:
	.xword	defs+8
	.text
.Letext0:
	.section	.debug_info,"",@progbits
.Ldebug_info0:
	.4byte	0x165
	.2byte	0x5
	.byte	0x1
	.byte	0x8
	.4byte	.Ldebug_abbrev0
	.uleb128 0x4
	.4byte	.LASF5
	.byte	0x1d
	.4byte	.LASF0
	.4byte	.LASF1
	.8byte	.Ltext0
	.8byte	.Letext0-.Ltext0
	.4byte	.Ldebug_line0
	.uleb128 0x5
	.string	"foo"
	.byte	0x8
	.byte	0x1
	.byte	0x4
	.byte	0x8
	.4byte	0x4e
	.uleb128 0x2
	.string	"a"
	.byte	0x5
	.4byte	0x4e
	.byte	0
	.uleb128 0x2
	.string	"b"
	.byte	0x6
	.4byte	0x4e
	.byte	0x4
	.byte	0
	.uleb128 0x6
	.byte	0x4
	.byte	0x5
	.string	"int"
	.uleb128 0x7
	.4byte	0x2e
	.4byte	0x65
	.uleb128 0x8
	.4byte	0x65
	.byte	0x1
	.byte	0
	.uleb128 0x9
	.byte	0x8
	.byte	0x7
	.4byte	.LASF2
	.uleb128 0xa
	.4byte	.LASF3
	.byte	0x1
	.byte	0x9
	.byte	0xc
	.4byte	0x55
	.uleb128 0x9
	.byte	0x3
	.8byte	defs
	.uleb128 0xb
	.string	"gp"
	.byte	0x1
	.byte	0xa
	.byte	0xd
	.4byte	0x97
	.uleb128 0x9
	.byte	0x3
	.8byte	gp
	.uleb128 0x3
	.4byte	0x2e
	.uleb128 0xc
	.4byte	.LASF6
	.byte	0x1
	.byte	0x11
	.byte	0x5
	.4byte	0x4e
	.8byte	.LFB1
	.8byte	.LFE1-.LFB1
	.uleb128 0x1
	.byte	0x9c
	.4byte	0x138
	.uleb128 0x1
	.string	"p"
	.byte	0x13
	.byte	0xe
	.4byte	0x97
	.4byte	.LLST0
	.4byte	.LVUS0
	.uleb128 0x1
	.string	"fa"
	.byte	0x14
	.byte	0x7
	.4byte	0x138
	.4byte	.LLST1
	.4byte	.LVUS1
	.uleb128 0x1
	.string	"v"
	.byte	0x15
	.byte	0x6
	.4byte	0x4e
	.4byte	.LLST2
	.4byte	.LVUS2
	.uleb128 0xd
	.8byte	.LBB2
	.8byte	.LBE2-.LBB2
	.4byte	0x11c
	.uleb128 0xe
	.4byte	.LASF4
	.byte	0x1
	.byte	0x18
	.byte	0x6
	.4byte	0x97
	.4byte	.LLST3
	.4byte	.LVUS3
	.byte	0
	.uleb128 0xf
	.8byte	.LVL5
	.4byte	0x13d
	.uleb128 0x10
	.uleb128 0x1
	.byte	0x50
	.uleb128 0x9
	.byte	0x3
	.8byte	.LANCHOR1+8
	.byte	0
	.byte	0
	.uleb128 0x3
	.4byte	0x4e
	.uleb128 0x11
	.4byte	.LASF7
	.byte	0x1
	.byte	0xc
	.byte	0x27
	.4byte	0x138
	.8byte	.LFB0
	.8byte	.LFE0-.LFB0
	.uleb128 0x1
	.byte	0x9c
	.uleb128 0x12
	.string	"f"
	.byte	0x1
	.byte	0xc
	.byte	0x3b
	.4byte	0x97
	.uleb128 0x1
	.byte	0x50
	.byte	0
	.byte	0
	.section	.debug_abbrev,"",@progbits
.Ldebug_abbrev0:
	.uleb128 0x1
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
	.uleb128 0x2
	.uleb128 0x17
	.uleb128 0x2137
	.uleb128 0x17
	.byte	0
	.byte	0
	.uleb128 0x2
	.uleb128 0xd
	.byte	0
	.uleb128 0x3
	.uleb128 0x8
	.uleb128 0x3a
	.uleb128 0x21
	.sleb128 1
	.uleb128 0x3b
	.uleb128 0xb
	.uleb128 0x39
	.uleb128 0x21
	.sleb128 6
	.uleb128 0x49
	.uleb128 0x13
	.uleb128 0x38
	.uleb128 0xb
	.byte	0
	.byte	0
	.uleb128 0x3
	.uleb128 0xf
	.byte	0
	.uleb128 0xb
	.uleb128 0x21
	.sleb128 8
	.uleb128 0x49
	.uleb128 0x13
	.byte	0
	.byte	0
	.uleb128 0x4
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
	.uleb128 0x5
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
	.uleb128 0x6
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
	.uleb128 0x7
	.uleb128 0x1
	.byte	0x1
	.uleb128 0x49
	.uleb128 0x13
	.uleb128 0x1
	.uleb128 0x13
	.byte	0
	.byte	0
	.uleb128 0x8
	.uleb128 0x21
	.byte	0
	.uleb128 0x49
	.uleb128 0x13
	.uleb128 0x2f
	.uleb128 0xb
	.byte	0
	.byte	0
	.uleb128 0x9
	.uleb128 0x24
	.byte	0
	.uleb128 0xb
	.uleb128 0xb
	.uleb128 0x3e
	.uleb128 0xb
	.uleb128 0x3
	.uleb128 0xe
	.byte	0
	.byte	0
	.uleb128 0xa
	.uleb128 0x34
	.byte	0
	.uleb128 0x3
	.uleb128 0xe
	.uleb128 0x3a
	.uleb128 0xb
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
	.uleb128 0xb
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
	.uleb128 0x3f
	.uleb128 0x19
	.uleb128 0x2
	.uleb128 0x18
	.byte	0
	.byte	0
	.uleb128 0xc
	.uleb128 0x2e
	.byte	0x1
	.uleb128 0x3f
	.uleb128 0x19
	.uleb128 0x3
	.uleb128 0xe
	.uleb128 0x3a
	.uleb128 0xb
	.uleb128 0x3b
	.uleb128 0xb
	.uleb128 0x39
	.uleb128 0xb
	.uleb128 0x27
	.uleb128 0x19
	.uleb128 0x49
	.uleb128 0x13
	.uleb128 0x11
	.uleb128 0x1
	.uleb128 0x12
	.uleb128 0x7
	.uleb128 0x40
	.uleb128 0x18
	.uleb128 0x7a
	.uleb128 0x19
	.uleb128 0x1
	.uleb128 0x13
	.byte	0
	.byte	0
	.uleb128 0xd
	.uleb128 0xb
	.byte	0x1
	.uleb128 0x11
	.uleb128 0x1
	.uleb128 0x12
	.uleb128 0x7
	.uleb128 0x1
	.uleb128 0x13
	.byte	0
	.byte	0
	.uleb128 0xe
	.uleb128 0x34
	.byte	0
	.uleb128 0x3
	.uleb128 0xe
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
	.uleb128 0xf
	.uleb128 0x48
	.byte	0x1
	.uleb128 0x7d
	.uleb128 0x1
	.uleb128 0x7f
	.uleb128 0x13
	.byte	0
	.byte	0
	.uleb128 0x10
	.uleb128 0x49
	.byte	0
	.uleb128 0x2
	.uleb128 0x18
	.uleb128 0x7e
	.uleb128 0x18
	.byte	0
	.byte	0
	.uleb128 0x11
	.uleb128 0x2e
	.byte	0x1
	.uleb128 0x3
	.uleb128 0xe
	.uleb128 0x3a
	.uleb128 0xb
	.uleb128 0x3b
	.uleb128 0xb
	.uleb128 0x39
	.uleb128 0xb
	.uleb128 0x27
	.uleb128 0x19
	.uleb128 0x49
	.uleb128 0x13
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
	.uleb128 0x12
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
	.uleb128 0x18
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
	.uleb128 .LVU12
	.uleb128 .LVU23
.LLST0:
	.byte	0x4
	.uleb128 .LVL2-.Ltext0
	.uleb128 .LVL5-1-.Ltext0
	.uleb128 0x1
	.byte	0x52
	.byte	0
.LVUS1:
	.uleb128 .LVU23
	.uleb128 .LVU25
.LLST1:
	.byte	0x4
	.uleb128 .LVL5-.Ltext0
	.uleb128 .LVL6-.Ltext0
	.uleb128 0x1
	.byte	0x50
	.byte	0
.LVUS2:
	.uleb128 .LVU7
	.uleb128 .LVU17
	.uleb128 .LVU17
	.uleb128 .LVU20
	.uleb128 .LVU20
	.uleb128 .LVU25
	.uleb128 .LVU25
	.uleb128 0
.LLST2:
	.byte	0x4
	.uleb128 .LVL1-.Ltext0
	.uleb128 .LVL3-.Ltext0
	.uleb128 0x2
	.byte	0x30
	.byte	0x9f
	.byte	0x4
	.uleb128 .LVL3-.Ltext0
	.uleb128 .LVL4-.Ltext0
	.uleb128 0x1
	.byte	0x50
	.byte	0x4
	.uleb128 .LVL4-.Ltext0
	.uleb128 .LVL6-.Ltext0
	.uleb128 0x2
	.byte	0x30
	.byte	0x9f
	.byte	0x4
	.uleb128 .LVL6-.Ltext0
	.uleb128 .LFE1-.Ltext0
	.uleb128 0x1
	.byte	0x50
	.byte	0
.LVUS3:
	.uleb128 .LVU10
	.uleb128 .LVU23
.LLST3:
	.byte	0x4
	.uleb128 .LVL2-.Ltext0
	.uleb128 .LVL5-1-.Ltext0
	.uleb128 0x1
	.byte	0x52
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
	.string	"long unsigned int"
.LASF3:
	.string	"defs"
.LASF7:
	.string	"field_a"
.LASF5:
	.string	"GNU C17 12.2.0 -mlittle-endian -mabi=lp64 -g -O1 -fasynchronous-unwind-tables"
.LASF4:
	.string	"__rcu_deref_p"
.LASF6:
	.string	"reader"
	.section	.debug_line_str,"MS",@progbits,1
.LASF0:
	.string	"ipa_cp_clone_hazard.c"
.LASF1:
	.string	"/tmp/ac/rec"
	.ident	"GCC: (Debian 12.2.0-14) 12.2.0"
	.section	.note.GNU-stack,"",@progbits
