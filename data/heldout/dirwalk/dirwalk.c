/*
 * dirwalk.c - held-out program: walks a directory tree of many small files
 * (opendir/readdir, lstat of every entry), opens and reads each regular
 * file whole, digests it (WORK extra mixing rounds per byte block), and
 * writes a manifest line per file with fprintf.
 *
 *   dirwalk gen DIR FILES       writes DIR/tree/dNN/fNNNNN (setup, untraced)
 *   dirwalk run DIR WORK        walks DIR/tree, writes DIR/manifest.txt
 */
#define _DEFAULT_SOURCE
#include <dirent.h>
#include <fcntl.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

static void gen(const char *dir, int files)
{
	char path[600];
	static char buf[16384];
	snprintf(path, sizeof path, "%s/tree", dir);
	mkdir(path, 0755);
	unsigned s = 7;
	for (int i = 0; i < files; i++) {
		if (i % 100 == 0) {
			snprintf(path, sizeof path, "%s/tree/d%02d", dir, i / 100);
			mkdir(path, 0755);
		}
		snprintf(path, sizeof path, "%s/tree/d%02d/f%05d", dir, i / 100, i);
		s = s * 1103515245u + 12345u;
		size_t len = 256 + s % 12000;
		for (size_t k = 0; k < len; k++)
			buf[k] = (char)(s >> (k % 24));
		int fd = open(path, O_WRONLY | O_CREAT | O_TRUNC, 0644);
		if (fd < 0 || write(fd, buf, len) != (ssize_t)len)
			exit(1);
		close(fd);
	}
}

__attribute__((noinline)) uint64_t mix(const unsigned char *b, size_t n, int work)
{
	uint64_t h = 1469598103934665603ull;
	for (int r = 0; r <= work; r++)
		for (size_t i = 0; i < n; i++)
			h = (h ^ b[i]) * 1099511628211ull;
	return h;
}

__attribute__((noinline)) uint64_t digest_file(const char *path, size_t size, int work)
{
	static unsigned char buf[65536];
	int fd = open(path, O_RDONLY);
	if (fd < 0)
		return 0;
	size_t got = 0;
	ssize_t r;
	while (got < sizeof buf && (r = read(fd, buf + got, sizeof buf - got)) > 0)
		got += (size_t)r;
	close(fd);
	(void)size;
	return mix(buf, got, work);
}

struct entry {
	char path[600];
	long size;
	uint64_t h;
};
static struct entry *ents;
static long nents, cap;

__attribute__((noinline)) void walk(const char *path, int work)
{
	DIR *d = opendir(path);
	if (!d)
		return;
	struct dirent *e;
	char sub[600];
	struct stat st;
	while ((e = readdir(d)) != NULL) {
		if (e->d_name[0] == '.')
			continue;
		snprintf(sub, sizeof sub, "%s/%s", path, e->d_name);
		if (lstat(sub, &st) != 0)
			continue;
		if (S_ISDIR(st.st_mode)) {
			walk(sub, work);
		} else if (S_ISREG(st.st_mode)) {
			if (nents == cap) {
				cap = cap ? 2 * cap : 1024;
				ents = realloc(ents, (size_t)cap * sizeof *ents);
				if (!ents)
					exit(1);
			}
			struct entry *en = &ents[nents++];
			snprintf(en->path, sizeof en->path, "%s", sub);
			en->size = (long)st.st_size;
			en->h = digest_file(sub, (size_t)st.st_size, work);
		}
	}
	closedir(d);
}

__attribute__((noinline)) void write_manifest(const char *dir)
{
	char path[600];
	snprintf(path, sizeof path, "%s/manifest.txt", dir);
	FILE *f = fopen(path, "w");
	if (!f)
		exit(1);
	for (long i = 0; i < nents; i++)
		fprintf(f, "%016llx %8ld %s\n", (unsigned long long)ents[i].h, ents[i].size, ents[i].path);
	fclose(f);
}

int main(int argc, char **argv)
{
	if (argc < 4)
		return 2;
	if (strcmp(argv[1], "gen") == 0) {
		gen(argv[2], atoi(argv[3]));
		return 0;
	}
	char path[600];
	snprintf(path, sizeof path, "%s/tree", argv[2]);
	walk(path, atoi(argv[3]));
	write_manifest(argv[2]);
	printf("%ld\n", nents);
	free(ents);
	return 0;
}
