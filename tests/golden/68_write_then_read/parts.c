/*
 * parts.c - part files the run writes and then reads back to their end (a
 * gather after per-rank output): the walk created each one (O_TRUNC) and
 * knows every write's size, so the file's size when it is read is what
 * the run wrote, although it does not exist at analysis time.
 *
 * - part.0, part.1, part.2 get 10, 11 and 12 writes of 1024 bytes (128
 *   doubles): 33 writes, 33792 bytes;
 * - read back in reads of 4096: ceil(10240 / 4096) = 3, ceil(11264 / 4096)
 *   = 3, ceil(12288 / 4096) = 3 reads with data, and a last one each: 12
 *   reads, 33792 bytes; 9 writes to all.out, 33792 bytes;
 * main: 7 opens + 42 writes + 12 reads + 7 closes + 3 unlinks = 71 calls,
 * 3 x 33792 = 101376 bytes.
 */
#include <fcntl.h>
#include <stdio.h>
#include <unistd.h>

// EXPECT: main p2=71 p3=101376
// EXPECT: main/loop#2/loop#1/io#1 p2=12 p3=33792
// EXPECT-KNOWN: main p2 p3
int main(void)
{
	double v[128] = { 0 };
	char buf[4096];
	for (int r = 0; r < 3; r++) {
		char path[64];
		snprintf(path, sizeof path, "part.%d", r);
		int fd = open(path, O_WRONLY | O_CREAT | O_TRUNC, 0644);
		for (int i = 0; i < 10 + r; i++)
			write(fd, v, sizeof v);
		close(fd);
	}
	int o = open("all.out", O_WRONLY | O_CREAT | O_TRUNC, 0644);
	for (int r = 0; r < 3; r++) {
		char path[64];
		snprintf(path, sizeof path, "part.%d", r);
		int fd = open(path, O_RDONLY);
		ssize_t n;
		while ((n = read(fd, buf, sizeof buf)) > 0)
			write(o, buf, (size_t)n);
		close(fd);
		unlink(path);
	}
	close(o);
	return 0;
}
