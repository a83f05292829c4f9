/*
 * src.c - the source of a compressor set up as xz sets up its file pair: a
 * `static` struct in a helper, assigned a compound literal that names the
 * file, compared with a special "(stdin)" name by address, returned by
 * address; the read buffer is an array member of that struct.  in.dat
 * (made by SETUP) is 10000 bytes.
 *
 * - s = (src_t){ .name = name, .fd = -1 }: s.name is "in.dat" after the
 *   helper returns (the literal's value is copied into the static s);
 * - s.name == stdin_name: two different strings, so two different places:
 *   false, and open(s.name) runs once, on in.dat;
 * - s.fd < 0, fstat(...) != 0: error paths, not taken; s != NULL;
 * - b = s->buf is an array member: never NULL, so `b == NULL` is false and
 *   its puts never runs;
 * - read(s->fd, b, 1000) until it returns 0: ceil(10000 / 1000) = 10 reads
 *   with data and an 11th that returns 0: 11 reads, 10000 bytes.
 * main: open 1 + fstat 1 + 11 reads + close 1 = 14 calls, 10000 bytes.
 */
// VIDYA: --args "in.dat"
// SETUP: head -c 10000 /dev/zero > in.dat
#include <fcntl.h>
#include <stdio.h>
#include <sys/stat.h>
#include <unistd.h>

typedef struct {
	const char *name;
	int fd;
	struct stat st;
	char buf[1000];
} src_t;

static const char stdin_name[] = "(stdin)";

// EXPECT: open_src p2=2 p3=0
// EXPECT: open_src/branch#1 p2=1
// EXPECT: open_src/branch#1/io#1 p2=1
static src_t *open_src(const char *name)
{
	static src_t s;
	s = (src_t){ .name = name, .fd = -1 };
	if (s.name == stdin_name)
		s.fd = 0;
	else
		s.fd = open(s.name, O_RDONLY);
	if (s.fd < 0)
		return NULL;
	if (fstat(s.fd, &s.st))
		return NULL;
	return &s;
}

// EXPECT: main p2=14 p3=10000
// EXPECT: main/branch#2/io#1 p2=0
// EXPECT: main/loop#1 p2=11 p3=10000
// EXPECT-KNOWN: main p2 p3
int main(int argc, char **argv)
{
	src_t *s = open_src(argv[1]);
	if (s == NULL)
		return 1;
	char *b = s->buf;
	if (b == NULL) {
		puts("no buffer");
		return 2;
	}
	while (read(s->fd, b, 1000) > 0)
		;
	close(s->fd);
	return 0;
}
