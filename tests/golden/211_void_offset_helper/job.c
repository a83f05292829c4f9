/* fio's habit: a helper returns `void *ret = to; return ret + offset;`
 * (GNU arithmetic on void *), a do { } while (0) macro stores the value
 * through the pointer it returns, the options struct is a global with
 * designated defaults and a string option is strdup'ed into its field.
 *
 * --name=seq --rw=write --bs=64k --size=8m: job.rw 1 (pwrite, not
 * pread), 8m / 64k = 128 iterations: main/loop#2/branch#1/io#1 128
 * pwrites, 8388608 B; main/loop#2/branch#1/io#2 (pread) 0; printf "seq done\n" 9 B.  (Before: the
 * defaults: 256 preads of 4096 B.)
 */
#include <fcntl.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

struct job_opts {
	char *name;
	unsigned int rw;
	unsigned long long bs;
	unsigned long long size;
};

enum { T_STR, T_ULL, T_RW };

struct option_desc {
	const char *name;
	int type;
	unsigned int off1;
};

static struct option_desc options[] = {
	{ .name = "name", .type = T_STR, .off1 = offsetof(struct job_opts, name) },
	{ .name = "rw", .type = T_RW, .off1 = offsetof(struct job_opts, rw) },
	{ .name = "bs", .type = T_ULL, .off1 = offsetof(struct job_opts, bs) },
	{ .name = "size", .type = T_ULL, .off1 = offsetof(struct job_opts, size) },
};

static struct job_opts job = { .name = "job", .bs = 4096, .size = 1 << 20 };

static void *opt_var(void *to, const struct option_desc *o, unsigned int offset)
{
	void *ret = to;
	(void)o;
	return ret + offset;
}

#define val_store(ptr, val, off, data, o)          \
	do {                                       \
		ptr = opt_var((data), (o), (off)); \
		*ptr = (val);                      \
	} while (0)

static unsigned long long str_to_ull(const char *s)
{
	char *end;
	unsigned long long v = strtoull(s, &end, 10);
	if (*end == 'k')
		v <<= 10;
	else if (*end == 'm')
		v <<= 20;
	return v;
}

static void handle_option(const struct option_desc *o, const char *ptr, void *data)
{
	unsigned long long *ullp;
	unsigned int *ilp;
	char **cp;
	switch (o->type) {
	case T_ULL:
		val_store(ullp, str_to_ull(ptr), o->off1, data, o);
		break;
	case T_RW:
		val_store(ilp, strcmp(ptr, "write") == 0 ? 1 : 0, o->off1, data, o);
		break;
	case T_STR:
		cp = opt_var(data, o, o->off1);
		*cp = strdup(ptr);
		break;
	}
}

static void parse_option(const char *arg, void *data)
{
	const char *eq = strchr(arg, '=');
	size_t n = (size_t)(eq - arg);
	for (size_t i = 0; i < sizeof(options) / sizeof(options[0]); i++)
		if (strlen(options[i].name) == n && !strncmp(options[i].name, arg, n))
			handle_option(&options[i], eq + 1, data);
}

int main(int argc, char **argv)
{
	for (int i = 1; i < argc; i++)
		parse_option(argv[i] + 2, &job);
	char *buf = calloc(1, job.bs);
	int fd = open("out.dat", O_CREAT | O_RDWR, 0644);
	for (unsigned long long done = 0; done < job.size; done += job.bs) {
		if (job.rw)
			pwrite(fd, buf, job.bs, (off_t)done);
		else
			pread(fd, buf, job.bs, (off_t)done);
	}
	close(fd);
	printf("%s done\n", job.name);
	free(buf);
	return 0;
}

// VIDYA: --args "--name=seq --rw=write --bs=64k --size=8m"
// EXPECT: main/loop#2 executions=128
// EXPECT: main/loop#2/branch#1/io#1 p2=128 p3=8388608
// EXPECT: main/loop#2/branch#1/io#2 p2=0 p3=0
// EXPECT: main/io#3 p2=1 p3=9
// EXPECT-KNOWN: main/loop#2/branch#1/io#1 p2 p3
