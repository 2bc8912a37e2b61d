/*
 * consume=dependency micro-benchmark readers: a list walk and a hash
 * lookup through C11 consume loads, with a writer thread that publishes
 * new nodes with release stores while the readers run.  Every node a
 * reader finds must be fully initialised (val == 2 * key); the program
 * prints the readers' results, which do not depend on timing.  The
 * readers' aarch64 code shows what the option changes (LDAR -> LDR).
 */
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>

#define NKEYS 512
#define NBUCKETS 64
#define ROUNDS 200

struct node {
	int key;
	int val;
	struct node *next;
};

struct node *list_head;
struct node *table[NBUCKETS];
int errors;

#define consume_load(p) __atomic_load_n((p), __ATOMIC_CONSUME)

/* The list walk: does key appear, with its value right? */
__attribute__((noinline)) void list_reader(int key, int *found)
{
	struct node *p;

	for (p = consume_load(&list_head); p; p = consume_load(&p->next)) {
		if (p->key == key) {
			if (p->val != 2 * key)
				errors++;
			*found = 1;	/* a constant under a branch */
		}
	}
}

/* The hash lookup. */
__attribute__((noinline)) void hash_reader(unsigned int key, int *found)
{
	struct node *n;

	for (n = consume_load(&table[key % NBUCKETS]); n; n = consume_load(&n->next)) {
		if (n->key == (int)key) {
			if (n->val != 2 * (int)key)
				errors++;
			*found = 1;
			return;
		}
	}
}

static struct node *new_node(int key)
{
	struct node *n = malloc(sizeof(*n));

	n->key = key;
	n->val = 2 * key;
	return n;
}

static void *writer(void *arg)
{
	int k;

	for (k = 0; k < NKEYS; k++) {
		struct node *l = new_node(k), *h = new_node(k);

		l->next = list_head;
		__atomic_store_n(&list_head, l, __ATOMIC_RELEASE);
		h->next = table[k % NBUCKETS];
		__atomic_store_n(&table[k % NBUCKETS], h, __ATOMIC_RELEASE);
	}
	return arg;
}

static void *reader(void *arg)
{
	int r, k;

	for (r = 0; r < ROUNDS; r++) {
		for (k = 0; k < NKEYS; k += 7) {
			int found = 0;

			list_reader(k, &found);
			hash_reader(k, &found);
		}
	}
	return arg;
}

int main(void)
{
	pthread_t w, rd[2];
	int k, found_list = 0, found_hash = 0, i;

	pthread_create(&w, NULL, writer, NULL);
	for (i = 0; i < 2; i++)
		pthread_create(&rd[i], NULL, reader, NULL);
	pthread_join(w, NULL);
	for (i = 0; i < 2; i++)
		pthread_join(rd[i], NULL);
	/* After the writer: every key is in both structures. */
	for (k = 0; k < NKEYS; k++) {
		int f = 0;

		list_reader(k, &f);
		found_list += f;
		f = 0;
		hash_reader(k, &f);
		found_hash += f;
	}
	printf("errors %d list %d hash %d\n", errors, found_list, found_hash);
	return errors != 0 || found_list != NKEYS || found_hash != NKEYS;
}
