/* The driver of the fallback cases: each case's drive function sets up
 * its objects, calls its readers and returns a checksum. */
#include <stdio.h>

int ag_drive(void);
int cg_drive(void);
int sj_drive(void);
int ng_drive(void);
int nr_drive(void);
int sw_drive(void);

int main(void)
{
	printf("asm_goto %d\n", ag_drive());
	printf("computed_goto %d\n", cg_drive());
	printf("setjmp %d\n", sj_drive());
	printf("nested_goto %d\n", ng_drive());
	printf("noreturn %d\n", nr_drive());
	printf("switch_table %d\n", sw_drive());
	return 0;
}
