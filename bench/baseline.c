/* SPDX-License-Identifier: Zlib */
/* baseline: the usual contest programs, to measure slidetab against: a BFS over a string-keyed
 * ordered map (std::map<string,int> style, here glibc's tsearch red-black tree). */
#include <search.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

struct node {
	char key[17];
	int dist;
};

static int cmp(const void *a, const void *b)
{
	return strcmp(((const struct node *)a)->key, ((const struct node *)b)->key);
}

/* BFS from goal over rows x cols boards; returns the tree root and the state count. */
static void *bfs(int rows, int cols, const char *goal, long *count)
{
	int n = rows * cols;
	long cap = 1;
	for (int i = 3; i <= n; i++)
		cap *= i;
	struct node *nodes = malloc((size_t)cap * sizeof *nodes);
	void *root = NULL;
	long head = 0, tail = 0;
	strcpy(nodes[tail].key, goal);
	nodes[tail].dist = 0;
	tsearch(&nodes[tail++], &root, cmp);
	while (head < tail) {
		struct node *cur = &nodes[head++];
		int b = (int)(strchr(cur->key, '0') - cur->key);
		int nb[4] = { b - cols, b + cols, b % cols ? b - 1 : -1, b % cols < cols - 1 ? b + 1 : -1 };
		for (int k = 0; k < 4; k++) {
			if (nb[k] < 0 || nb[k] >= n)
				continue;
			struct node *next = &nodes[tail];
			strcpy(next->key, cur->key);
			next->key[b] = next->key[nb[k]];
			next->key[nb[k]] = '0';
			next->dist = cur->dist + 1;
			struct node **found = tsearch(next, &root, cmp);
			if (*found == next)
				tail++;
		}
	}
	*count = tail;
	return root;
}

/* Answers each input line (the board's digits, any separators) from the BFS tree. */
static void answer(void *root, int n)
{
	char line[256];
	while (fgets(line, sizeof line, stdin)) {
		struct node key;
		int k = 0;
		for (char *p = line; *p && k < n; p++)
			if (*p >= '0' && *p <= '9')
				key.key[k++] = *p;
		key.key[k] = '\0';
		struct node **found = tfind(&key, &root, cmp);
		printf("%d\n", found ? (*found)->dist : -1);
	}
}

/* Usage: baseline map3x3            (whole 3x3 BFS, prints the state count)
 *        baseline seven < input     (AOJ 0121: BFS at start-up, then one answer per line)
 *        baseline answer3x3 < input (3x3, goal blank last: the reference answers for benchmarks) */
int main(int argc, char **argv)
{
	long count;
	if (argc == 2 && !strcmp(argv[1], "map3x3")) {
		bfs(3, 3, "123456780", &count);
		printf("%ld states\n", count);
		return 0;
	}
	if (argc == 2 && !strcmp(argv[1], "answer3x3")) {
		answer(bfs(3, 3, "123456780", &count), 9);
		return 0;
	}
	if (argc == 2 && !strcmp(argv[1], "seven")) {
		answer(bfs(2, 4, "01234567", &count), 8);
		return 0;
	}
	fprintf(stderr, "usage: baseline map3x3 | baseline seven < input | baseline answer3x3 < input\n");
	return 2;
}
