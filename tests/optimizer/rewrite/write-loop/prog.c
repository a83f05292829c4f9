/*
 * write-loop - 2000 small records written one write() each, then a header
 * patched at offset 0 and the file synced and closed: small-io-loop
 * rewrites every call on the descriptor (write, lseek, fsync, close).
 */
// OPTIMIZE: --rule small-io-loop
// EXPECT: rewritten
#include <fcntl.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

int main(void)
{
	char rec[64];
	long sum = 0;
	int i;
	int fd = open("records.txt", O_WRONLY | O_CREAT | O_TRUNC, 0644);

	if (fd < 0)
		return 1;
	for (i = 0; i < 2000; i++) {
		snprintf(rec, sizeof rec, "record %5d value %8ld", i, (long)i * i);
		rec[sizeof rec - 1] = '\n';
		sum += i;
		write(fd, rec, sizeof rec);
	}
	if (lseek(fd, 0, SEEK_SET) != 0)
		return 3;
	if (write(fd, "RECORD", 6) != 6)
		return 4;
	fsync(fd);
	if (close(fd) != 0)
		return 5;
	printf("wrote 2000 records, sum %ld\n", sum);
	return 0;
}
