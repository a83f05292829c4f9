/*
 * stdio_io.c - known stdio traffic for `vidya trace` tests.
 *
 *     stdio_io NREC RECSIZE NLINES [STATUS [WORDS...]]
 *
 * Calls made on the program's own files (one stdio call each, whatever
 * write(2)/read(2) the FILE buffer causes underneath):
 *
 *   stdio.dat  fopen 1, fwrite NREC x RECSIZE bytes (in write_records),
 *              fflush 1, fseek 2, fread NREC + 1 x RECSIZE bytes
 *              (NREC in read_records, 1 in main), fclose 1
 *   stdio.txt  fopen 1, fprintf NLINES x 12 bytes ("line %06d\n",
 *              in write_lines), fclose 1
 *
 * stdout: the words after STATUS, one per line, then a checksum line.
 * Exit status: STATUS (default 0).  A MARK: comment sits on the line
 * before each call whose source line the tests check.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static void __attribute__((noinline)) write_records(FILE *f, long n, size_t rs, unsigned char *buf)
{
	for (long i = 0; i < n; i++) {
		memset(buf, (int)(i & 0xff), rs);
		/* MARK:fwrite (the call on the next line) */
		if (fwrite(buf, 1, rs, f) != rs)
			exit(10);
	}
}

static unsigned long __attribute__((noinline))
read_records(FILE *f, long n, size_t rs, unsigned char *buf)
{
	unsigned long sum = 0;
	for (long i = 0; i < n; i++) {
		/* MARK:fread (the call on the next line) */
		if (fread(buf, 1, rs, f) != rs)
			exit(11);
		sum += buf[0] + buf[rs - 1];
	}
	return sum;
}

static void __attribute__((noinline)) write_lines(FILE *t, long n)
{
	for (long i = 0; i < n; i++)
		/* MARK:fprintf (the call on the next line) */
		if (fprintf(t, "line %06ld\n", i) != 12)
			exit(12);
}

int main(int argc, char **argv)
{
	if (argc < 4) {
		fprintf(stderr, "usage: stdio_io NREC RECSIZE NLINES [STATUS [WORDS...]]\n");
		return 2;
	}
	long nrec = atol(argv[1]);
	size_t rs = (size_t)atol(argv[2]);
	long nlines = atol(argv[3]);
	int status = argc > 4 ? atoi(argv[4]) : 0;
	if (nrec < 2 || rs < 1 || nlines < 0 || nlines > 999999)
		return 2;
	unsigned char *buf = malloc(rs);
	if (!buf)
		return 2;

	FILE *f = fopen("stdio.dat", "w+b");
	if (!f)
		return 3;
	write_records(f, nrec, rs, buf);
	fflush(f);
	fseek(f, 0L, SEEK_SET);
	unsigned long sum = read_records(f, nrec, rs, buf);
	fseek(f, (long)((size_t)(nrec / 2) * rs), SEEK_SET);
	if (fread(buf, 1, rs, f) != rs) /* one record from the middle */
		return 4;
	sum += buf[0];
	fclose(f);

	FILE *t = fopen("stdio.txt", "w");
	if (!t)
		return 3;
	write_lines(t, nlines);
	fclose(t);

	for (int i = 5; i < argc; i++)
		printf("word %d: [%s]\n", i - 4, argv[i]);
	printf("stdio_io: %ld records of %zu bytes, %ld lines, checksum %lu\n", nrec, rs, nlines,
	       sum);
	free(buf);
	return status;
}
