struct route {
	int prefix;
	int gateway;
};

struct route default_route = { 0, 1 };
struct route *head;
long default_hits;

int gateway(void)
{
	struct route *r = __atomic_load_n(&head, __ATOMIC_CONSUME); /* rcu:head */

	if (r == &default_route) {
		default_hits++;
		return r->gateway | 1;		/* rcu:dep */
	}
	return r->gateway;
}
