/*
 * maps.c - file mappings: mmap of 3 pages of map.dat (12288 bytes, from a
 * descriptor closed right after), a store through the mapping, msync, a
 * munmap of its first page then of the rest (2 munmaps of the file's
 * mapping: 4096 + 8192 bytes); mmap64 of 1 page (4096 bytes) of map.dat at
 * offset 4096, unmapped whole; mmap of its 3 pages again (12288 bytes),
 * a munmap of the middle page then of the last (4096 each), the first
 * page mapped over with anonymous memory (MAP_FIXED) and unmapped: that
 * munmap is no file's; a failed mmap of a descriptor open for
 * writing only (EACCES); and anonymous mappings (one page, 100 times),
 * which are no file's and are not recorded.  The descriptor numbers come
 * back: the one map.dat's first mapping used is reused by other.dat
 * before the munmaps, which must still name map.dat.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>

int main(void)
{
	char page[4096];
	memset(page, 'x', sizeof page);
	int fd = open("map.dat", O_RDWR | O_CREAT | O_TRUNC, 0644);
	for (int i = 0; i < 3; i++)
		if (fd < 0 || write(fd, page, sizeof page) != (ssize_t)sizeof page)
			return 1;
	char *m = mmap(NULL, 3 * 4096, PROT_READ | PROT_WRITE, MAP_SHARED, fd, 0);
	if (m == MAP_FAILED)
		return 2;
	close(fd);
	int other = open("other.dat", O_WRONLY | O_CREAT | O_TRUNC, 0644); /* fd's number again */
	if (other < 0)
		return 3;
	m[0] = 'y';
	if (msync(m, 4096, MS_SYNC) != 0)
		return 4;
	if (munmap(m, 4096) != 0 || munmap(m + 4096, 2 * 4096) != 0)
		return 5;
	/* a failed mapping: other.dat is open for writing only */
	if (mmap(NULL, 4096, PROT_READ, MAP_SHARED, other, 0) != MAP_FAILED || errno != EACCES)
		return 6;
	close(other);
	fd = open("map.dat", O_RDONLY);
	char *m2 = mmap64(NULL, 4096, PROT_READ, MAP_PRIVATE, fd, 4096);
	if (fd < 0 || m2 == MAP_FAILED || m2[0] != 'x')
		return 7;
	if (munmap(m2, 4096) != 0)
		return 8;
	/* 3 pages again: the middle one unmapped (a hole), then the last;
	 * the first mapped over by anonymous memory, then unmapped (no
	 * file's any more: not recorded) */
	char *m3 = mmap(NULL, 3 * 4096, PROT_READ, MAP_SHARED, fd, 0);
	if (m3 == MAP_FAILED || munmap(m3 + 4096, 4096) != 0 || munmap(m3 + 8192, 4096) != 0)
		return 10;
	if (mmap(m3, 4096, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS | MAP_FIXED, -1, 0) !=
		    m3 ||
	    munmap(m3, 4096) != 0)
		return 11;
	close(fd);
	for (int i = 0; i < 100; i++) {
		char *a = mmap(NULL, 4096, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
		if (a == MAP_FAILED)
			return 9;
		a[0] = 1;
		munmap(a, 4096);
	}
	puts("maps done");
	return 0;
}
