// The C++ consume cases' shared declarations: std::atomic loads with std::memory_order_consume.
#include <atomic>

struct node {
	std::atomic<node *> next;
	int key;
	int val;
};

int errors;	// a check failed: a constant stored under a branch, no value escapes

#define fail() (errors++)
