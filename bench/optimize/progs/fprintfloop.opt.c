/*
 * fprintfloop.c - a loop of small fprintf() records: NREC text records of
 * 20-30 bytes through a FILE * with stdio's default buffer.
 *
 *   fprintfloop OUTPUT NREC
 */
#include <stdio.h>
#include <stdlib.h>

int main(int argc, char **argv)
{
	if (argc < 3) {
		fprintf(stderr, "usage: fprintfloop OUTPUT NREC\n");
		return 2;
	}
	long nrec = atol(argv[2]);
	FILE *f = fopen(argv[1], "w");
	if (!f) {
		perror(argv[1]);
		return 1;
	}
	setvbuf(f, NULL, _IOFBF, 1 << 20);
	for (long i = 0; i < nrec; i++)
		if (fprintf(f, "%ld,%ld,%.4f\n", i, i * 31 % 977, (double)i / 3.0) < 0) {
			perror("fprintf");
			return 1;
		}
	if (fclose(f) != 0) {
		perror("fclose");
		return 1;
	}
	return 0;
}
