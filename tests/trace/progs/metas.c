/*
 * metas.c - metadata calls the catalog counts and the trace records:
 * posix_fadvise, posix_fallocate, fallocate, truncate, rmdir, opendir,
 * closedir and remove, once each (with _FILE_OFFSET_BITS=64 glibc links
 * the 64-bit names of the first four), and readdir over a directory of two
 * files: ".", "..", a, b and the end, 5 calls naming the directory.
 */
#define _GNU_SOURCE
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <sys/stat.h>
#include <unistd.h>

int main(void)
{
	int fd = open("m.dat", O_RDWR | O_CREAT | O_TRUNC, 0644);
	if (fd < 0 || write(fd, "0123456789", 10) != 10)
		return 1;
	if (posix_fadvise(fd, 0, 10, POSIX_FADV_SEQUENTIAL) != 0)
		return 2;
	if (posix_fallocate(fd, 0, 4096) != 0)
		return 3;
	fallocate(fd, 0, 0, 8192); /* may be unsupported: counted all the same */
	close(fd);
	if (truncate("m.dat", 5) != 0)
		return 4;
	if (mkdir("m.dir", 0755) != 0)
		return 5;
	close(open("m.dir/a", O_WRONLY | O_CREAT, 0644));
	close(open("m.dir/b", O_WRONLY | O_CREAT, 0644));
	DIR *d = opendir("m.dir");
	if (!d)
		return 6;
	int n = 0;
	errno = 0;
	while (readdir(d))
		n++;
	if (n != 4 || errno != 0)
		return 9;
	closedir(d);
	unlink("m.dir/a");
	unlink("m.dir/b");
	if (rmdir("m.dir") != 0)
		return 7;
	if (remove("m.dat") != 0)
		return 8;
	puts("metas done");
	return 0;
}
