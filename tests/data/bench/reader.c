struct node { struct node *next; int val; };
struct node *head;
int get(void)
{
	struct node *p = __atomic_load_n(&head, __ATOMIC_CONSUME);
	return p ? p->next->val : 0;
}
