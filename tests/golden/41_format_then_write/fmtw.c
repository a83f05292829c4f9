/*
 * fmtw.c - text formatted into a buffer, then written with the length
 * snprintf returned; and state a callee carries from one iteration to the
 * next.
 *
 * - Loop 1: 100 lines "row %03d\n": i varies, so the text is estimated
 *   with the conversion's width (3 digits): 8 bytes, here exactly what runs
 *   (i < 1000).  100 writes of 8 = 800 bytes, flagged as an estimate.
 * - The header: every value known, "# sim v2\n" is 9 bytes, exact.
 * - Loop 2: put_header() writes its header only on its first call (a
 *   static flag it sets).  The flag changes from one iteration to the next
 *   (it is state the loop's callee carries), so the loop's 50 iterations
 *   run one by one: the header is written once, exactly - not the 50 times
 *   that reading the flag's value before the loop would give (it was 0
 *   then).
 */
#include <fcntl.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

static int header_done;

static void put_header(int fd)
{
	if (!header_done) {
		write(fd, "H\n", 2);
		header_done = 1;
	}
}

int main(void)
{
	int fd = open("fw.out", O_WRONLY | O_CREAT | O_TRUNC, 0644);
	if (fd < 0)
		return 1;
	char line[64];
	for (int i = 0; i < 100; i++) {
		int n = snprintf(line, sizeof line, "row %03d\n", i);
		write(fd, line, (size_t)n);
	}
	char hdr[64];
	snprintf(hdr, sizeof hdr, "# %s v%d\n", "sim", 2);
	write(fd, hdr, strlen(hdr));
	for (int i = 0; i < 50; i++)
		put_header(fd);
	close(fd);
	return 0;
}

// EXPECT: main/loop#1 p2=100 p3=800
// EXPECT-UNKNOWN: main/loop#1 p3
// EXPECT: main/io#2 p2=1 p3=9
// EXPECT-KNOWN: main/io#2 p2 p3
// EXPECT: put_header/branch#1 p2=1 p3=2
// EXPECT-KNOWN: put_header/branch#1 p2 p3
