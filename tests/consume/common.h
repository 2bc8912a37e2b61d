/* The consume cases' shared declarations: C11 consume loads, as liburcu's rcu_dereference() makes them in a C11 build. */
#include <stddef.h>

#define consume_load(p) __atomic_load_n((p), __ATOMIC_CONSUME)

struct node {
	struct node *next;
	int key;
	int val;
};

int errors;	/* a check failed: a constant stored under a branch, no value escapes */

#define fail() (errors++)
