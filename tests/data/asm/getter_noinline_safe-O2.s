// Recorded: aarch64-linux-gnu-gcc (Debian 12.2.0-14) 12.2.0
// Command: aarch64-linux-gnu-gcc -S -g -O2 -I . getter_noinline_safe.c  (rcu_deref.h from plugin/include)
// Source:
//   /* Rule "comparisons against NULL are OK", head inside a noinline getter: safe, get_foo() returns the loaded pointer in x0 and the caller only checks p against NULL, so p->a keeps the dependency on the rcu_dereference() in the getter. */
//   #include <stddef.h>
//   
//   #include "rcu_deref.h"
//   
//   struct foo {
//   	int a;
//   	int b;
//   };
//   
//   struct foo default_structs[2];
//   struct foo *gp = &default_structs[1];
//   
//   static __attribute__((noinline)) struct foo *get_foo(void)
//   {
//   	return rcu_dereference(gp); /* rcu:head */
//   }
//   
//   int reader(void)
//   {
//   	struct foo *p;
//   	int v = 0;
//   
//   	rcu_read_lock();
//   	p = get_foo();
//   	if (p != NULL)
//   		v = p->a; /* rcu:dep */
//   	rcu_read_unlock();
//   	return v;
//   }
	.arch armv8-a
	.file	"getter_noinline_safe.c"
	.text
.Ltext0:
	.file 0 "/tmp/ac/rec" "getter_noinline_safe.c"
	.align	2
	.p2align 4,,11
	.type	get_foo, %function
get_foo:
.LFB0:
	.file 1 "getter_noinline_safe.c"
	.loc 1 15 1 view -0
	.cfi_startproc
	.loc 1 16 2 view .LVU1
.LBB2:
	.loc 1 16 9 view .LVU2
	adrp	x0, .LANCHOR0
	ldr	x0, [x0, #:lo12:.LANCHOR0]
.LVL0:
	.loc 1 16 9 view .LVU3
	.loc 1 16 9 view .LVU4
.LBE2:
	.loc 1 17 1 is_stmt 0 view .LVU5
	ret
	.cfi_endproc
.LFE0:
	.size	get_foo, .-get_foo
	.align	2
	.p2align 4,,11
	.global	reader
	.type	reader, %function
reader:
.LFB1:
	.loc 1 20 1 is_stmt 1 view -0
	.cfi_startproc
	.loc 1 21 2 view .LVU7
	.loc 1 22 2 view .LVU8
.LVL1:
	.loc 1 24 2 view .LVU9
	.loc 1 20 1 is_stmt 0 view .LVU10
	stp	x29, x30, [sp, -16]!
	.cfi_def_cfa_offset 16
	.cfi_offset 29, -16
	.cfi_offset 30, -8
	mov	x29, sp
	.loc 1 24 2 view .LVU11
	.loc 1 25 2 is_stmt 1 view .LVU12
	.loc 1 25 6 is_stmt 0 view .LVU13
	bl	get_foo
.LVL2:
	mov	x1, x0
.LVL3:
	.loc 1 26 2 is_stmt 1 view .LVU14
	mov	w0, 0
.LVL4:
	.loc 1 26 5 is_stmt 0 view .LVU15
	cbz	x1, .L4
	.loc 1 27 3 is_stmt 1 view .LVU16
	.loc 1 27 5 is_stmt 0 view .LVU17
	ldr	w0, [x1]
.LVL5:
.L4:
	.loc 1 28 2 is_stmt 1 view .LVU18
	.loc 1 29 2 view .LVU19
	.loc 1 30 1 is_stmt 0 view .LVU20
	ldp	x29, x30, [sp], 16
	.cfi_restore 30
	.cfi_restore 29
	.cfi_def_cfa_offset 0
	ret
	.cfi_endproc
.LFE1:
	.size	reader, .-reader
	.global	gp
	.global	default_structs
	.bss
	.align	4
	.type	default_structs, %object
	.size	default_structs, 16
default_structs:
	.zero	16
	.section	.data.rel.local,"aw"
	.align	3
	.set	.LANCHOR0,. + 0
	.type	gp, %object
	.size	gp, 8
gp:
	.xword	default_structs+8
	.text
.Letext0:
	.section	.debug_info,"",@progbits
.Ldebug_info0:
	.4byte	0x14d
	.2byte	0x5
	.byte	0x1
	.byte	0x8
	.4byte	.Ldebug_abbrev0
	.uleb128 0x4
	.4byte	.LASF9
	.byte	0x1d
	.4byte	.LASF0
	.4byte	.LASF1
	.8byte	.Ltext0
	.8byte	.Letext0-.Ltext0
	.4byte	.Ldebug_line0
	.uleb128 0x1
	.byte	0x8
	.byte	0x5
	.4byte	.LASF2
	.uleb128 0x1
	.byte	0x8
	.byte	0x7
	.4byte	.LASF3
	.uleb128 0x1
	.byte	0x4
	.byte	0x7
	.4byte	.LASF4
	.uleb128 0x1
	.byte	0x8
	.byte	0x5
	.4byte	.LASF5
	.uleb128 0x1
	.byte	0x10
	.byte	0x4
	.4byte	.LASF6
	.uleb128 0x5
	.string	"foo"
	.byte	0x8
	.byte	0x1
	.byte	0x6
	.byte	0x8
	.4byte	0x71
	.uleb128 0x2
	.string	"a"
	.byte	0x7
	.4byte	0x71
	.byte	0
	.uleb128 0x2
	.string	"b"
	.byte	0x8
	.4byte	0x71
	.byte	0x4
	.byte	0
	.uleb128 0x6
	.byte	0x4
	.byte	0x5
	.string	"int"
	.uleb128 0x7
	.4byte	0x51
	.4byte	0x88
	.uleb128 0x8
	.4byte	0x35
	.byte	0x1
	.byte	0
	.uleb128 0x9
	.4byte	.LASF7
	.byte	0x1
	.byte	0xb
	.byte	0xc
	.4byte	0x78
	.uleb128 0x9
	.byte	0x3
	.8byte	default_structs
	.uleb128 0xa
	.string	"gp"
	.byte	0x1
	.byte	0xc
	.byte	0xd
	.4byte	0xb3
	.uleb128 0x9
	.byte	0x3
	.8byte	gp
	.uleb128 0xb
	.byte	0x8
	.4byte	0x51
	.uleb128 0xc
	.4byte	.LASF10
	.byte	0x1
	.byte	0x13
	.byte	0x5
	.4byte	0x71
	.8byte	.LFB1
	.8byte	.LFE1-.LFB1
	.uleb128 0x1
	.byte	0x9c
	.4byte	0x10b
	.uleb128 0x3
	.string	"p"
	.byte	0x15
	.byte	0xe
	.4byte	0xb3
	.4byte	.LLST1
	.4byte	.LVUS1
	.uleb128 0x3
	.string	"v"
	.byte	0x16
	.byte	0x6
	.4byte	0x71
	.4byte	.LLST2
	.4byte	.LVUS2
	.uleb128 0xd
	.8byte	.LVL2
	.4byte	0x10b
	.byte	0
	.uleb128 0xe
	.4byte	.LASF11
	.byte	0x1
	.byte	0xe
	.byte	0x2e
	.4byte	0xb3
	.8byte	.LFB0
	.8byte	.LFE0-.LFB0
	.uleb128 0x1
	.byte	0x9c
	.uleb128 0xf
	.8byte	.LBB2
	.8byte	.LBE2-.LBB2
	.uleb128 0x10
	.4byte	.LASF8
	.byte	0x1
	.byte	0x10
	.byte	0x9
	.4byte	0xb3
	.4byte	.LLST0
	.4byte	.LVUS0
	.byte	0
	.byte	0
	.byte	0
	.section	.debug_abbrev,"",@progbits
.Ldebug_abbrev0:
	.uleb128 0x1
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
	.uleb128 0xa
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
	.uleb128 0xb
	.uleb128 0xf
	.byte	0
	.uleb128 0xb
	.uleb128 0xb
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
	.uleb128 0x48
	.byte	0
	.uleb128 0x7d
	.uleb128 0x1
	.uleb128 0x7f
	.uleb128 0x13
	.byte	0
	.byte	0
	.uleb128 0xe
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
	.uleb128 0xf
	.uleb128 0xb
	.byte	0x1
	.uleb128 0x11
	.uleb128 0x1
	.uleb128 0x12
	.uleb128 0x7
	.byte	0
	.byte	0
	.uleb128 0x10
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
	.byte	0
	.section	.debug_loclists,"",@progbits
	.4byte	.Ldebug_loc3-.Ldebug_loc2
.Ldebug_loc2:
	.2byte	0x5
	.byte	0x8
	.byte	0
	.4byte	0
.Ldebug_loc0:
.LVUS1:
	.uleb128 .LVU14
	.uleb128 .LVU15
	.uleb128 .LVU15
	.uleb128 0
.LLST1:
	.byte	0x4
	.uleb128 .LVL3-.Ltext0
	.uleb128 .LVL4-.Ltext0
	.uleb128 0x1
	.byte	0x50
	.byte	0x4
	.uleb128 .LVL4-.Ltext0
	.uleb128 .LFE1-.Ltext0
	.uleb128 0x1
	.byte	0x51
	.byte	0
.LVUS2:
	.uleb128 .LVU9
	.uleb128 .LVU18
	.uleb128 .LVU18
	.uleb128 0
.LLST2:
	.byte	0x4
	.uleb128 .LVL1-.Ltext0
	.uleb128 .LVL5-.Ltext0
	.uleb128 0x2
	.byte	0x30
	.byte	0x9f
	.byte	0x4
	.uleb128 .LVL5-.Ltext0
	.uleb128 .LFE1-.Ltext0
	.uleb128 0x1
	.byte	0x50
	.byte	0
.LVUS0:
	.uleb128 .LVU3
	.uleb128 0
.LLST0:
	.byte	0x4
	.uleb128 .LVL0-.Ltext0
	.uleb128 .LFE0-.Ltext0
	.uleb128 0x1
	.byte	0x50
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
.LASF4:
	.string	"unsigned int"
.LASF10:
	.string	"reader"
.LASF3:
	.string	"long unsigned int"
.LASF6:
	.string	"long double"
.LASF11:
	.string	"get_foo"
.LASF9:
	.string	"GNU C17 12.2.0 -mlittle-endian -mabi=lp64 -g -O2 -fasynchronous-unwind-tables"
.LASF2:
	.string	"long int"
.LASF7:
	.string	"default_structs"
.LASF8:
	.string	"__rcu_deref_p"
.LASF5:
	.string	"long long int"
	.section	.debug_line_str,"MS",@progbits,1
.LASF1:
	.string	"/tmp/ac/rec"
.LASF0:
	.string	"getter_noinline_safe.c"
	.ident	"GCC: (Debian 12.2.0-14) 12.2.0"
	.section	.note.GNU-stack,"",@progbits
