// Recorded: aarch64-linux-gnu-gcc (Debian 12.2.0-14) 12.2.0
// Command: aarch64-linux-gnu-gcc -S -g -O2  eqsub.c
// Source:
//   #define READ_ONCE(x) (*(const volatile __typeof__(x) *)&(x))
//   struct foo { int a; };
//   struct foo *gp;
//   struct foo def;
//   int f(void)
//   {
//   	struct foo *p = READ_ONCE(gp); /* rcu:head */
//   	if (p == &def)
//   		return p->a; /* rcu:dep */
//   	return 0;
//   }
	.arch armv8-a
	.file	"eqsub.c"
	.text
.Ltext0:
	.file 0 "/tmp/ac/rec" "eqsub.c"
	.align	2
	.p2align 4,,11
	.global	f
	.type	f, %function
f:
.LFB0:
	.file 1 "eqsub.c"
	.loc 1 6 1 view -0
	.cfi_startproc
	.loc 1 7 2 view .LVU1
	.loc 1 7 14 is_stmt 0 view .LVU2
	adrp	x1, .LANCHOR0
	add	x2, x1, :lo12:.LANCHOR0
	.loc 1 8 5 view .LVU3
	add	x3, x2, 8
	.loc 1 10 9 view .LVU4
	mov	w0, 0
	.loc 1 7 14 view .LVU5
	ldr	x1, [x1, #:lo12:.LANCHOR0]
.LVL0:
	.loc 1 8 2 is_stmt 1 view .LVU6
	.loc 1 8 5 is_stmt 0 view .LVU7
	cmp	x1, x3
	beq	.L5
	.loc 1 11 1 view .LVU8
	ret
	.p2align 2,,3
.L5:
	.loc 1 9 3 is_stmt 1 view .LVU9
	.loc 1 9 11 is_stmt 0 view .LVU10
	ldr	w0, [x2, 8]
	.loc 1 11 1 view .LVU11
	ret
	.cfi_endproc
.LFE0:
	.size	f, .-f
	.global	def
	.global	gp
	.bss
	.align	3
	.set	.LANCHOR0,. + 0
	.type	gp, %object
	.size	gp, 8
gp:
	.zero	8
	.type	def, %object
	.size	def, 4
def:
	.zero	4
	.text
.Letext0:
	.section	.debug_info,"",@progbits
.Ldebug_info0:
	.4byte	0xa9
	.2byte	0x5
	.byte	0x1
	.byte	0x8
	.4byte	.Ldebug_abbrev0
	.uleb128 0x2
	.4byte	.LASF2
	.byte	0x1d
	.4byte	.LASF0
	.4byte	.LASF1
	.8byte	.Ltext0
	.8byte	.Letext0-.Ltext0
	.4byte	.Ldebug_line0
	.uleb128 0x3
	.string	"foo"
	.byte	0x4
	.byte	0x1
	.byte	0x2
	.byte	0x8
	.4byte	0x47
	.uleb128 0x4
	.string	"a"
	.byte	0x1
	.byte	0x2
	.byte	0x12
	.4byte	0x47
	.byte	0
	.byte	0
	.uleb128 0x5
	.byte	0x4
	.byte	0x5
	.string	"int"
	.uleb128 0x1
	.string	"gp"
	.byte	0x3
	.byte	0xd
	.4byte	0x62
	.uleb128 0x9
	.byte	0x3
	.8byte	gp
	.uleb128 0x6
	.byte	0x8
	.4byte	0x2e
	.uleb128 0x1
	.string	"def"
	.byte	0x4
	.byte	0xc
	.4byte	0x2e
	.uleb128 0x9
	.byte	0x3
	.8byte	def
	.uleb128 0x7
	.string	"f"
	.byte	0x1
	.byte	0x5
	.byte	0x5
	.4byte	0x47
	.8byte	.LFB0
	.8byte	.LFE0-.LFB0
	.uleb128 0x1
	.byte	0x9c
	.uleb128 0x8
	.string	"p"
	.byte	0x1
	.byte	0x7
	.byte	0xe
	.4byte	0x62
	.4byte	.LLST0
	.4byte	.LVUS0
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
	.uleb128 0x3f
	.uleb128 0x19
	.uleb128 0x2
	.uleb128 0x18
	.byte	0
	.byte	0
	.uleb128 0x2
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
	.uleb128 0x3
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
	.uleb128 0x4
	.uleb128 0xd
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
	.uleb128 0x38
	.uleb128 0xb
	.byte	0
	.byte	0
	.uleb128 0x5
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
	.uleb128 0x6
	.uleb128 0xf
	.byte	0
	.uleb128 0xb
	.uleb128 0xb
	.uleb128 0x49
	.uleb128 0x13
	.byte	0
	.byte	0
	.uleb128 0x7
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
	.uleb128 0x8
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
	.uleb128 .LVU6
	.uleb128 0
.LLST0:
	.byte	0x4
	.uleb128 .LVL0-.Ltext0
	.uleb128 .LFE0-.Ltext0
	.uleb128 0x1
	.byte	0x51
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
	.string	"GNU C17 12.2.0 -mlittle-endian -mabi=lp64 -g -O2 -fasynchronous-unwind-tables"
	.section	.debug_line_str,"MS",@progbits,1
.LASF0:
	.string	"eqsub.c"
.LASF1:
	.string	"/tmp/ac/rec"
	.ident	"GCC: (Debian 12.2.0-14) 12.2.0"
	.section	.note.GNU-stack,"",@progbits
