/*
 * rightfile.c - calls that used to be charged to the wrong file or counted
 * when they failed.  Every number below is what the program does.
 *
 * b.dat: posix open + write 300 (offset 0); after a.dat's descriptor is
 *        closed, fopen("b.dat") gets the same number and pread 200 at 0 on
 *        fileno() is b.dat's; opened again (posix) for the copies:
 *        copy_file_range 300 from 0, sendfile 100 from 0 (offset given),
 *        splice 64 from 0 (offset given) into a pipe.  posix: opens 2,
 *        writes 1 (300 B), reads 4 (664 B).
 * a.dat: posix open + write 100, closed before b.dat's fopen.
 * c.dat: opened as "c.dat", as its absolute path and as "sub/../c.dat":
 *        one file, opens 3 (+1 read-only open, below), writes 3 of 10 B;
 *        an open with O_EXCL fails (EEXIST) and a write on the read-only
 *        descriptor fails (EBADF): errors 2, never counted as an open or
 *        a write.  posix: opens 4, writes 3, bytes_written 30, errors 2.
 * missing.dat: an open that fails (ENOENT): no file record.
 * d.dat: 1000 B written, then reopened O_APPEND: two writes of 100 B at
 *        offsets 1000 and 1100.
 * e.dat: the copies' target: copy_file_range 300 at 0, sendfile 100 at
 *        300, splice 64 (from the pipe) at 400.  posix writes 3, 464 B.
 * stdout: "rightfile done".
 */
#define _GNU_SOURCE
#include <fcntl.h>
#include <limits.h>
#include <stdio.h>
#include <string.h>
#include <sys/sendfile.h>
#include <sys/stat.h>
#include <unistd.h>

static char buf[4096];

static int put(const char *path, int flags, size_t n)
{
	int fd = open(path, flags, 0644);
	if (fd < 0 || write(fd, buf, n) != (ssize_t)n)
		return -1;
	return close(fd);
}

int main(void)
{
	memset(buf, 'x', sizeof buf);
	/* reuse of a closed descriptor's number by fopen */
	if (put("b.dat", O_WRONLY | O_CREAT | O_TRUNC, 300))
		return 1;
	int a = open("a.dat", O_WRONLY | O_CREAT | O_TRUNC, 0644);
	if (a < 0 || write(a, buf, 100) != 100 || close(a))
		return 2;
	FILE *fb = fopen("b.dat", "r");
	if (!fb || fileno(fb) != a || pread(fileno(fb), buf, 200, 0) != 200)
		return 3;
	fclose(fb);

	/* three spellings of one file */
	char cwd[PATH_MAX], abs[PATH_MAX + 16];
	if (!getcwd(cwd, sizeof cwd) || mkdir("sub", 0755))
		return 4;
	snprintf(abs, sizeof abs, "%s/c.dat", cwd);
	if (put("c.dat", O_WRONLY | O_CREAT | O_TRUNC, 10) || put(abs, O_WRONLY, 10) ||
	    put("sub/../c.dat", O_WRONLY, 10))
		return 5;

	/* failed calls */
	if (open("missing.dat", O_RDONLY) != -1 ||
	    open("c.dat", O_WRONLY | O_CREAT | O_EXCL, 0644) != -1)
		return 6;
	int rd = open("c.dat", O_RDONLY);
	if (rd < 0 || write(rd, buf, 50) != -1 || close(rd))
		return 7;

	/* O_APPEND */
	if (put("d.dat", O_WRONLY | O_CREAT | O_TRUNC, 1000))
		return 8;
	int d = open("d.dat", O_WRONLY | O_APPEND);
	if (d < 0 || write(d, buf, 100) != 100 || write(d, buf, 100) != 100 || close(d))
		return 9;

	/* copies */
	int in = open("b.dat", O_RDONLY);
	int out = open("e.dat", O_WRONLY | O_CREAT | O_TRUNC, 0644);
	if (in < 0 || out < 0 || copy_file_range(in, NULL, out, NULL, 300, 0) != 300)
		return 10;
	off_t off = 0;
	if (sendfile(out, in, &off, 100) != 100)
		return 11;
	int p[2];
	loff_t off2 = 0;
	if (pipe(p) || splice(in, &off2, p[1], NULL, 64, 0) != 64 ||
	    splice(p[0], NULL, out, NULL, 64, 0) != 64)
		return 12;
	close(p[0]);
	close(p[1]);
	close(in);
	close(out);
	printf("rightfile done\n");
	return 0;
}
