/* A record count read in binary from an input that exists at analysis
 * time - `read(fd, &count, sizeof count)` after `open(path, O_RDONLY)`,
 * `fread(&n, sizeof n, 1, f)` - takes the file's bytes (this machine's
 * byte order), so the loops bounded by it run that many times, although
 * their reads are positioned (`pread` at an offset from the counter) and
 * do not end at the end of the file.
 *
 * in.bin: a 64-bit count of 12, then 12 records of 40 B (488 B).
 * POSIX: open + read (8 B) + 12 preads of 40 B (480 B) + close = 15 calls.
 * stdio: fopen + fread (4 B: the low half of the count, 12) + fopen + 12
 * fputc (12 B) + 2 fclose = 17 calls.  Program: 32 calls, 504 B, known.
 * (Before: the counts unknown, 100 iterations assumed each: 208 calls.)
 */
// VIDYA: --args "in.bin"
// SETUP: printf '\014\000\000\000\000\000\000\000' > in.bin && head -c 480 /dev/zero >> in.bin
#include <fcntl.h>
#include <stdint.h>
#include <stdio.h>
#include <unistd.h>

int main(int argc, char **argv)
{
	if (argc < 2)
		return 2;
	int fd = open(argv[1], O_RDONLY);
	if (fd < 0)
		return 1;
	long count;
	if (read(fd, &count, sizeof count) != sizeof count)
		return 1;
	char rec[40];
	for (long i = 0; i < count; i++)
		pread(fd, rec, sizeof rec, 8 + i * (off_t)sizeof rec);
	close(fd);

	FILE *f = fopen(argv[1], "rb");
	if (!f)
		return 1;
	uint32_t n;
	if (fread(&n, sizeof n, 1, f) != 1)
		return 1;
	FILE *o = fopen("dots.txt", "w");
	if (!o)
		return 1;
	for (uint32_t k = 0; k < n; k++)
		fputc('.', o);
	fclose(o);
	fclose(f);
	return 0;
}

// EXPECT: program p2=32 p3=504
// EXPECT: main/loop#1 executions=12
// EXPECT: main/loop#2 executions=12
// EXPECT-KNOWN: program p2 p3
