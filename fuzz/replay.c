/* SPDX-License-Identifier: Zlib */
/* replay: runs a fuzz target's LLVMFuzzerTestOneInput on given files, without libFuzzer, so that
 * `make check` replays every seed and every known crash with the project's own compiler. */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

/* Usage: replay_TARGET FILE...: exit 0 when every file ran through (a crash aborts the process). */
int main(int argc, char **argv)
{
	for (int i = 1; i < argc; i++) {
		FILE *f = fopen(argv[i], "rb");
		if (!f) {
			perror(argv[i]);
			return 2;
		}
		uint8_t *buf = NULL;
		size_t len = 0, cap = 0, k;
		do {
			if (len == cap) {
				cap = cap ? 2 * cap : 65536;
				uint8_t *p = realloc(buf, cap);
				if (!p) {
					fprintf(stderr, "replay: out of memory\n");
					return 2;
				}
				buf = p;
			}
			k = fread(buf + len, 1, cap - len, f);
			len += k;
		} while (k > 0);
		fclose(f);
		LLVMFuzzerTestOneInput(buf, len);
		free(buf);
	}
	printf("replay: %d inputs ran through\n", argc - 1);
	return 0;
}
