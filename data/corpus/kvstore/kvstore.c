/*
 * kvstore.c - a fixed-record key-value store in one file, queried at random.
 * Record k (RECSZ bytes: an 8-byte key, then the value) lives at offset
 * k * RECSZ of DIR/store.kv; a request hashes a key, preads its record,
 * checks it and "processes" the value; a fraction of requests are updates
 * written back in place with pwrite.
 *
 *   kvstore gen DIR NKEYS RECSZ                 setup: DIR/store.kv, fsync'ed
 *   kvstore run DIR NKEYS RECSZ NREQ PUTPCT CACHE SYNC WORK
 *     NKEYS, RECSZ  must match gen (RECSZ 256 B .. 64 KiB)
 *     NREQ          requests; PUTPCT  percent of them that are updates
 *     CACHE         warm | cold (cold: posix_fadvise DONTNEED on the store first)
 *     SYNC          buf | sync (sync: fdatasync after every update)
 *     WORK          hashing rounds over each value read (compute per byte)
 *
 * Phases: gen_store (setup), pick_key (compute), get_record (pread),
 * process_value (compute), put_record (pwrite [+ fdatasync]),
 * write_stats (fprintf). Configs vary record size, put ratio, durability,
 * cache state and work per value.
 */
#define _POSIX_C_SOURCE 200809L
#include <fcntl.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

static void die(const char *what)
{
	perror(what);
	exit(1);
}

__attribute__((noinline)) void gen_store(const char *path, long nkeys, long recsz)
{
	unsigned char *rec = malloc((size_t)recsz);
	int fd = open(path, O_WRONLY | O_CREAT | O_TRUNC, 0644);
	if (!rec || fd < 0)
		die(path);
	for (long k = 0; k < nkeys; k++) {
		memcpy(rec, &k, sizeof k);
		for (long i = 8; i < recsz; i++)
			rec[i] = (unsigned char)((k * 131 + i * 7) & 0xff);
		if (pwrite(fd, rec, (size_t)recsz, (off_t)k * recsz) != (ssize_t)recsz)
			die("write record");
	}
	fsync(fd);
	close(fd);
	free(rec);
}

__attribute__((noinline)) long pick_key(uint64_t *state, long nkeys)
{
	uint64_t x = *state += 0x9E3779B97F4A7C15ULL;
	x = (x ^ (x >> 30)) * 0xBF58476D1CE4E5B9ULL;
	x = (x ^ (x >> 27)) * 0x94D049BB133111EBULL;
	return (long)((x ^ (x >> 31)) % (uint64_t)nkeys);
}

__attribute__((noinline)) void get_record(int fd, unsigned char *rec, long key, long recsz)
{
	if (pread(fd, rec, (size_t)recsz, (off_t)key * recsz) != (ssize_t)recsz)
		die("pread record");
	long stored;
	memcpy(&stored, rec, sizeof stored);
	if (stored != key)
		die("corrupt record");
}

__attribute__((noinline)) uint64_t process_value(const unsigned char *rec, long recsz, int work)
{
	uint64_t h = 1469598103934665603ULL;
	for (int r = 0; r <= work; r++)
		for (long i = 8; i < recsz; i++)
			h = (h ^ rec[i]) * 1099511628211ULL;
	return h;
}

__attribute__((noinline)) void put_record(int fd, unsigned char *rec, long key, long recsz, int sync)
{
	for (long i = 8; i < recsz; i += 64)
		rec[i]++;
	if (pwrite(fd, rec, (size_t)recsz, (off_t)key * recsz) != (ssize_t)recsz)
		die("pwrite record");
	if (sync)
		fdatasync(fd);
}

__attribute__((noinline)) void write_stats(const char *dir, long nreq, long puts, uint64_t digest)
{
	char path[512];
	snprintf(path, sizeof path, "%s/kvstats.txt", dir);
	FILE *f = fopen(path, "w");
	if (!f)
		die(path);
	fprintf(f, "requests %ld gets %ld puts %ld digest %016llx\n", nreq, nreq - puts, puts,
		(unsigned long long)digest);
	fclose(f);
}

int main(int argc, char **argv)
{
	char path[512];
	if (argc >= 5 && argv[1][0] == 'g') {
		snprintf(path, sizeof path, "%s/store.kv", argv[2]);
		gen_store(path, atol(argv[3]), atol(argv[4]));
		return 0;
	}
	if (argc < 10) {
		fprintf(stderr, "usage: kvstore gen DIR NKEYS RECSZ | kvstore run DIR NKEYS RECSZ NREQ PUTPCT "
				"warm|cold buf|sync WORK\n");
		return 2;
	}
	long nkeys = atol(argv[3]), recsz = atol(argv[4]), nreq = atol(argv[5]), puts = 0;
	int putpct = atoi(argv[6]), cold = argv[7][0] == 'c', sync = argv[8][0] == 's', work = atoi(argv[9]);
	unsigned char *rec = malloc((size_t)recsz);
	uint64_t state = 1, digest = 0;
	snprintf(path, sizeof path, "%s/store.kv", argv[2]);
	int fd = open(path, O_RDWR);
	if (fd < 0 || !rec)
		die(path);
	if (cold)
		posix_fadvise(fd, 0, 0, POSIX_FADV_DONTNEED);
	for (long r = 0; r < nreq; r++) {
		long key = pick_key(&state, nkeys);
		get_record(fd, rec, key, recsz);
		digest ^= process_value(rec, recsz, work) + (uint64_t)r;
		if ((long)(state >> 7) % 100 < putpct) {
			put_record(fd, rec, key, recsz, sync);
			puts++;
		}
	}
	close(fd);
	write_stats(argv[2], nreq, puts, digest);
	printf("checksum puts=%ld digest=%016llx\n", puts, (unsigned long long)digest);
	free(rec);
	return 0;
}
