/* A file mapping's calls count the mapping's length as their bytes (P3),
 * as the trace records them: mmap and munmap of 8192 bytes, msync of
 * 4096 four times.  They are not data calls: P13 (small accesses) and P6
 * stay 0.
 *
 * main: open, ftruncate, mmap, 4 x msync, munmap, close = 9 calls (P2);
 * P3 = 8192 (mmap) + 4 x 4096 (msync) + 8192 (munmap) = 32768.
 * ftruncate's length is not a byte count (the trace records it as an
 * offset).
 */
#include <fcntl.h>
#include <sys/mman.h>
#include <unistd.h>

int main(void)
{
	int fd = open("map.bin", O_RDWR | O_CREAT | O_TRUNC, 0644);
	if (fd < 0)
		return 1;
	if (ftruncate(fd, 8192) != 0)
		return 1;
	char *p = mmap(NULL, 8192, PROT_READ | PROT_WRITE, MAP_SHARED, fd, 0);
	if (p == MAP_FAILED)
		return 1;
	for (int i = 0; i < 4; i++) {
		p[i * 1024] = (char)i;
		msync(p, 4096, MS_SYNC);
	}
	munmap(p, 8192);
	close(fd);
	return 0;
}

// EXPECT: main p2=9 p3=32768 p6=0 p13=0
// EXPECT: main/loop#1 p2=4 p3=16384
// EXPECT-KNOWN: main p2 p3
