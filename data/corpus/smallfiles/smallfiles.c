/*
 * smallfiles.c - many small files: writes F files of S bytes each
 * (open, a few fprintf-built records or one write, close), then stats and
 * reads every file back and checks it.
 *
 *   smallfiles run DIR F S MODE SYNC WORK
 *     F      number of files
 *     S      bytes per file
 *     MODE   text | bin (text: fprintf records of ~32 bytes; bin: one write)
 *     SYNC   none | fsync (fsync every file before closing it)
 *     WORK   arithmetic rounds per byte when checking (compute per file)
 * No setup is needed.  Files go to DIR/f/ and are removed at the end.
 *
 * Phases: write_files (open/write/close per file), read_files (stat,
 * open/read/close), check_buffer (compute), remove_files (unlink).
 */
#define _POSIX_C_SOURCE 200809L
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

static void die(const char *what)
{
	perror(what);
	exit(1);
}

__attribute__((noinline)) void write_files(const char *dir, int nf, long size, int text, int sync,
					   char *buf)
{
	char path[4096];
	for (int i = 0; i < nf; i++) {
		snprintf(path, sizeof path, "%s/f/%06d.dat", dir, i);
		if (text) {
			FILE *f = fopen(path, "w");
			if (!f)
				die(path);
			for (long k = 0; k < size / 32; k++)
				fprintf(f, "rec %08d %08ld %09ld\n", i, k, (long)i * k);
			if (sync) {
				fflush(f);
				fsync(fileno(f));
			}
			fclose(f);
		} else {
			int fd = open(path, O_WRONLY | O_CREAT | O_TRUNC, 0644);
			if (fd < 0)
				die(path);
			memset(buf, 'a' + i % 26, (size_t)size);
			if (write(fd, buf, (size_t)size) != size)
				die("write");
			if (sync)
				fsync(fd);
			close(fd);
		}
	}
}

__attribute__((noinline)) unsigned long check_buffer(const char *buf, long n, int work)
{
	unsigned long h = 5381;
	for (int r = 0; r <= work; r++)
		for (long i = 0; i < n; i++)
			h = h * 33 + (unsigned char)buf[i];
	return h;
}

__attribute__((noinline)) unsigned long read_files(const char *dir, int nf, long size, int work,
						   char *buf)
{
	char path[4096];
	unsigned long h = 0;
	for (int i = 0; i < nf; i++) {
		struct stat st;
		snprintf(path, sizeof path, "%s/f/%06d.dat", dir, i);
		if (stat(path, &st) != 0)
			die(path);
		int fd = open(path, O_RDONLY);
		if (fd < 0)
			die(path);
		ssize_t got = read(fd, buf, (size_t)size);
		close(fd);
		if (got > 0)
			h += check_buffer(buf, got, work);
	}
	return h;
}

__attribute__((noinline)) void remove_files(const char *dir, int nf)
{
	char path[4096];
	for (int i = 0; i < nf; i++) {
		snprintf(path, sizeof path, "%s/f/%06d.dat", dir, i);
		unlink(path);
	}
}

int main(int argc, char **argv)
{
	if (argc < 8) {
		fprintf(stderr, "usage: smallfiles run DIR F S MODE SYNC WORK\n");
		return 2;
	}
	char path[4096];
	int nf = atoi(argv[3]);
	long size = atol(argv[4]);
	int text = argv[5][0] == 't', sync = argv[6][0] == 'f', work = atoi(argv[7]);
	char *buf = malloc((size_t)size + 64);
	if (!buf)
		die("malloc");
	snprintf(path, sizeof path, "%s/f", argv[2]);
	mkdir(path, 0755);
	write_files(argv[2], nf, size, text, sync, buf);
	unsigned long h = read_files(argv[2], nf, size, work, buf);
	remove_files(argv[2], nf);
	free(buf);
	printf("checksum %lu\n", h);
	return 0;
}
