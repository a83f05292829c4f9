/* A table-driven option parser: each option names its field by
 * offsetof(struct opts, field), and the parser stores the parsed value
 * through `(char *)o + off` cast to the field's type.  The store lands in
 * the field the offset names, so `o.bs`, `o.size`, `o.count` and `o.path`
 * read the --args values.
 *
 * --bs 64k --size 1m --count 3 --path out.dat: 3 opens, each followed by
 * 1m / 64k = 16 writes of 65536 B: main/loop#2/loop#1 48 iterations,
 * io#1 48 writes, 3145728 B.  (Before: defaults 4096 and 65536, 1 pass:
 * 16 writes of 4096 B.)
 */
#include <fcntl.h>
#include <stddef.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

struct opts {
	int verbose;
	unsigned long long bs;
	unsigned long long size;
	unsigned int count;
	const char *path;
};

enum { O_NUM, O_UINT, O_STR };

struct opt {
	const char *name;
	int type;
	size_t off;
};

static const struct opt table[] = {
	{ "bs", O_NUM, offsetof(struct opts, bs) },
	{ "size", O_NUM, offsetof(struct opts, size) },
	{ "count", O_UINT, offsetof(struct opts, count) },
	{ "path", O_STR, offsetof(struct opts, path) },
	{ NULL, 0, 0 },
};

static unsigned long long parse_size(const char *s)
{
	char *end;
	unsigned long long v = strtoull(s, &end, 10);
	if (*end == 'k')
		v *= 1024;
	else if (*end == 'm')
		v *= 1024 * 1024;
	return v;
}

static int set_option(struct opts *o, const char *name, const char *value)
{
	for (const struct opt *p = table; p->name; p++) {
		if (strcmp(p->name, name) != 0)
			continue;
		void *at = (char *)o + p->off;
		if (p->type == O_NUM)
			*(unsigned long long *)at = parse_size(value);
		else if (p->type == O_UINT)
			*(unsigned int *)at = (unsigned int)atoi(value);
		else
			*(const char **)at = value;
		return 0;
	}
	return -1;
}

int main(int argc, char **argv)
{
	struct opts o = { 0, 4096, 65536, 1, "default.dat" };
	for (int i = 1; i + 1 < argc; i += 2)
		if (set_option(&o, argv[i] + 2, argv[i + 1]) != 0)
			return 2;
	char *buf = calloc(1, o.bs);
	for (unsigned int k = 0; k < o.count; k++) {
		int fd = open(o.path, O_CREAT | O_WRONLY | O_TRUNC, 0644);
		for (unsigned long long done = 0; done < o.size; done += o.bs)
			write(fd, buf, o.bs);
		close(fd);
	}
	free(buf);
	return 0;
}

// VIDYA: --args "--bs 64k --size 1m --count 3 --path out.dat"
// EXPECT: main/loop#2 executions=3
// EXPECT: main/loop#2/loop#1 executions=48
// EXPECT: main/loop#2/loop#1/io#1 p2=48 p3=3145728
// EXPECT-KNOWN: main/loop#2/loop#1/io#1 p2 p3
