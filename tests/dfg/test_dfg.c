/*
 * test_dfg.c - cmocka tests of dfg/: the strace parser (unfinished and
 * resumed records, ERESTARTSYS, sizes, -y paths, malformed lines), the
 * mapping f (depth, call groups, filters, abstraction), the DFG (start and
 * end activities, edge and node frequencies), the statistics (rd, b, dr, mc),
 * the green/red partition, pruning and the outputs.  Expected values are
 * worked out by hand from the input written in each test.
 */
#define _GNU_SOURCE
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include <jansson.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "vd_dfg.h"

/* ---- helpers ---------------------------------------------------------------- */

static vd_dfg_log *log_from(const char *name, const char *text, const vd_dfg_mapopt *o,
			    vd_dfg_casekey key)
{
	vd_dfg_mapopt d;
	vd_dfg_mapopt_init(&d);
	vd_dfg_log *l = vd_dfg_log_new(o ? o : &d);
	assert_int_equal(vd_dfg_read_strace_mem(l, name, text, strlen(text), key), 0);
	return l;
}

static const vd_dfg_node *node(const vd_dfg *g, const char *name)
{
	size_t i = vd_dfg_find(g, name);
	if (i == (size_t)-1)
		fail_msg("no node '%s'", name);
	return &g->nodes[i];
}

static int has_issue(const vd_dfg_log *l, long line, const char *needle)
{
	for (size_t i = 0; i < vd_dfg_log_nkept_issues(l); i++) {
		const vd_dfg_issue *is = vd_dfg_log_issue(l, i);
		if (is->line == line && strstr(is->reason, needle))
			return 1;
	}
	return 0;
}

/* `needle` occurs in the line that starts at `line` */
static int on_line(const char *line, const char *needle)
{
	const char *hit = strstr(line, needle), *nl = strchr(line, '\n');
	return hit && (!nl || hit < nl);
}

static char *map1(const vd_dfg_mapopt *o, const char *call, const char *path)
{
	vd_buf b = { 0 };
	int r = vd_dfg_map(o, call, NULL, path, &b);
	char *s = r ? vd_buf_detach(&b) : NULL;
	vd_buf_release(&b);
	return s;
}

#define ASSERT_MAP(o, call, path, want)                                       \
	do {                                                                  \
		char *got_ = map1(o, call, path);                             \
		if ((want) == NULL)                                           \
			assert_null(got_);                                    \
		else {                                                        \
			assert_non_null(got_);                                \
			assert_string_equal(got_, (const char *)(want));      \
		}                                                             \
		free(got_);                                                   \
	} while (0)

/* ---- strace parser ---------------------------------------------------------------- */

static void test_basic_record(void **state)
{
	(void)state;
	const char *t =
		"9043  10:15:23.000100 read(3</usr/lib/x86_64-linux-gnu/libc.so.6>, \"\\177ELF\"..., 832) = 832 <0.000010>\n"
		"9043  10:15:23.000200 write(1</dev/pts/0>, \"a) = 3 <9>\\n\", 9) = 9 <0.000020>\n"
		"9043  10:15:23.000300 openat(AT_FDCWD</home/u>, \"/etc/passwd\", O_RDONLY|O_CLOEXEC) = 3</etc/passwd> <0.000030>\n"
		"9043  10:15:23.000400 +++ exited with 0 +++\n";
	vd_dfg_log *l = log_from("a_host1_9042.st", t, NULL, VD_DFG_CASE_FILE);
	assert_int_equal(vd_dfg_log_nissues(l), 0);
	assert_int_equal(vd_dfg_log_nevents(l), 3);
	assert_int_equal(vd_dfg_log_ncases(l), 1);
	assert_string_equal(vd_dfg_log_case_name(l, 0), "a9042");
	vd_dfg *g = vd_dfg_build(l);
	assert_int_equal(node(g, "read:/usr/lib")->bytes, 832);
	assert_int_equal(node(g, "write:/dev/pts")->bytes, 9);
	/* openat returns a descriptor, not a size */
	assert_int_equal(node(g, "openat:/etc/passwd")->bytes, 0);
	assert_true(fabs(node(g, "openat:/etc/passwd")->dur - 0.00003) < 1e-12);
	assert_int_equal(vd_dfg_edge_count(g, "START", "read:/usr/lib"), 1);
	assert_int_equal(vd_dfg_edge_count(g, "read:/usr/lib", "write:/dev/pts"), 1);
	assert_int_equal(vd_dfg_edge_count(g, "write:/dev/pts", "openat:/etc/passwd"), 1);
	assert_int_equal(vd_dfg_edge_count(g, "openat:/etc/passwd", "END"), 1);
	assert_int_equal(g->nedges, 4);
	vd_dfg_free(g);
	vd_dfg_log_free(l);
}

static void sink_csv(void *ctx, const char *case_name, const vd_dfg_event *e, const char *act)
{
	vd_dfg_event_csv(ctx, case_name, e, act);
}

/* the event log as CSV, each event as parsed, with its activity */
static void test_event_export(void **state)
{
	(void)state;
	const char *t =
		"9043  10:15:23.5 read(3</a,b/\\\"q\\\"/c>, \"x\", 1) = 1 <0.25>\n"
		"9043  10:15:24.0 getpid() = 9043 <0.000001>\n";
	vd_dfg_mapopt o;
	vd_dfg_mapopt_init(&o);
	vd_dfg_log *l = vd_dfg_log_new(&o);
	vd_buf b = { 0 };
	vd_dfg_event_csv(&b, NULL, NULL, NULL);
	vd_dfg_log_set_sink(l, sink_csv, &b);
	assert_int_equal(vd_dfg_read_strace_mem(l, "c_node7_9042.st", t, strlen(t), VD_DFG_CASE_FILE), 0);
	assert_string_equal(vd_buf_cstr(&b),
			    "case,host,rank,pid,call,start,dur,path,size,activity\n"
			    "c9042,node7,9042,9043,read,36923.500000000,0.250000000,\"/a,b/\"\"q\"\"/c\",1,"
			    "\"read:/a,b/\"\"q\"\"\"\n"
			    "c9042,node7,9042,9043,getpid,36924.000000000,0.000001000,,0,\n");
	vd_buf_release(&b);
	vd_dfg_log_free(l);
}

static void test_unfinished_resumed(void **state)
{
	(void)state;
	/* two pids interleave; each resumed record belongs to its own pid */
	const char *t =
		"100 00:00:01.000000 read(3</data/in/a.dat>,  <unfinished ...>\n"
		"200 00:00:01.500000 write(4</data/out/b.dat>, \"xyz\", 3 <unfinished ...>\n"
		"100 00:00:03.000000 <... read resumed>\"hello\", 4096) = 5 <2.000000>\n"
		"200 00:00:04.000000 <... write resumed>) = 3 <2.500000>\n";
	vd_dfg_log *l = log_from("run.st", t, NULL, VD_DFG_CASE_PROCESS);
	assert_int_equal(vd_dfg_log_nissues(l), 0);
	assert_int_equal(vd_dfg_log_nevents(l), 2);
	assert_int_equal(vd_dfg_log_ncases(l), 2);
	assert_string_equal(vd_dfg_log_case_name(l, 0), "run:100");
	assert_string_equal(vd_dfg_log_case_name(l, 1), "run:200");
	vd_dfg *g = vd_dfg_build(l);
	const vd_dfg_node *r = node(g, "read:/data/in"), *w = node(g, "write:/data/out");
	assert_int_equal(r->bytes, 5);
	assert_int_equal(w->bytes, 3);
	assert_true(fabs(r->dur - 2.0) < 1e-9);
	assert_true(fabs(w->dur - 2.5) < 1e-9);
	/* the joined events start at the unfinished record: [1, 3] and [1.5, 4] */
	assert_int_equal(g->ntraces, 2);
	assert_int_equal(vd_dfg_edge_count(g, "START", "read:/data/in"), 1);
	assert_int_equal(vd_dfg_edge_count(g, "read:/data/in", "write:/data/out"), -1);
	vd_dfg_free(g);
	vd_dfg_log_free(l);

	/* one case per file: the two calls overlap, the read starts first */
	l = log_from("run.st", t, NULL, VD_DFG_CASE_FILE);
	g = vd_dfg_build(l);
	assert_int_equal(vd_dfg_edge_count(g, "read:/data/in", "write:/data/out"), 1);
	vd_dfg_free(g);
	vd_dfg_log_free(l);
}

static void test_resumed_at_name(void **state)
{
	(void)state;
	/* an openat cut before its name: the name comes with the resumed record */
	const char *t =
		"7 12:00:00.000001 openat(AT_FDCWD</work/dir>,  <unfinished ...>\n"
		"8 12:00:00.000002 getpid() = 8 <0.000001>\n"
		"7 12:00:00.000003 <... openat resumed>\"sub/f.txt\", O_RDONLY) = -1 ENOENT (No such file or directory) <0.000004>\n";
	vd_dfg_mapopt o;
	vd_dfg_mapopt_init(&o);
	o.depth = 5;
	vd_dfg_log *l = log_from("x.st", t, &o, VD_DFG_CASE_FILE);
	assert_int_equal(vd_dfg_log_nissues(l), 0);
	vd_dfg *g = vd_dfg_build(l);
	assert_true(vd_dfg_find(g, "openat:/work/dir/sub/f.txt") != (size_t)-1);
	/* getpid has no path: not mapped */
	assert_int_equal(vd_dfg_log_nunmapped(l), 1);
	vd_dfg_free(g);
	vd_dfg_log_free(l);
}

static void test_erestartsys_dropped(void **state)
{
	(void)state;
	const char *t =
		"5 10:00:00.000000 read(0</dev/pts/1>,  <unfinished ...>\n"
		"5 10:00:01.000000 <... read resumed>0x7ffc, 1024) = ? ERESTARTSYS (To be restarted if SA_RESTART is set) <1.000000>\n"
		"5 10:00:01.100000 --- SIGWINCH {si_signo=SIGWINCH, si_code=SI_KERNEL} ---\n"
		"5 10:00:01.200000 read(0</dev/pts/1>, \"q\", 1024) = 1 <0.500000>\n"
		"5 10:00:02.000000 write(1</dev/pts/1>, \"x\", 1) = ? ERESTARTNOINTR (To be restarted) <0.000100>\n"
		"5 10:00:03.000000 exit_group(0)                = ?\n";
	vd_dfg_log *l = log_from("r.st", t, NULL, VD_DFG_CASE_FILE);
	assert_int_equal(vd_dfg_log_nissues(l), 0);
	assert_int_equal(vd_dfg_log_nevents(l), 1);
	vd_dfg *g = vd_dfg_build(l);
	const vd_dfg_node *r = node(g, "read:/dev/pts");
	assert_int_equal(r->count, 1);
	assert_int_equal(r->bytes, 1);
	assert_true(fabs(r->dur - 0.5) < 1e-9);
	assert_true(vd_dfg_find(g, "write:/dev/pts") == (size_t)-1);
	vd_dfg_free(g);
	vd_dfg_log_free(l);
}

static void test_sizes(void **state)
{
	(void)state;
	const char *t =
		"1 10:00:00.000001 pread64(3</f/a/x>, \"abcd\", 4, 100) = 4 <0.000001>\n"
		"1 10:00:00.000002 readv(3</f/a/x>, [{iov_base=\"ab\", iov_len=2}, {iov_base=\"cd\", iov_len=2}], 2) = 4 <0.000001>\n"
		"1 10:00:00.000003 write(3</f/a/x>, \"abcdef\", 6) = -1 ENOSPC (No space left on device) <0.000001>\n"
		"1 10:00:00.000004 pwrite64(3</f/a/x>, \"abcdef\", 600, 0) = 2 <0.000001>\n"
		"1 10:00:00.000005 lseek(3</f/a/x>, 4096, SEEK_SET) = 4096 <0.000001>\n"
		"1 10:00:00.000006 mmap(NULL, 8192, PROT_READ, MAP_PRIVATE, 3</f/a/x>, 0) = 0x7f0000000000 <0.000001>\n";
	vd_dfg_log *l = log_from("s.st", t, NULL, VD_DFG_CASE_FILE);
	assert_int_equal(vd_dfg_log_nissues(l), 0);
	vd_dfg *g = vd_dfg_build(l);
	assert_int_equal(node(g, "pread64:/f/a")->bytes, 4);
	assert_int_equal(node(g, "readv:/f/a")->bytes, 4);
	assert_int_equal(node(g, "write:/f/a")->bytes, 0);   /* failed */
	assert_int_equal(node(g, "pwrite64:/f/a")->bytes, 2); /* returned, not requested */
	assert_int_equal(node(g, "lseek:/f/a")->bytes, 0);    /* an offset, not a size */
	/* mmap's descriptor is not its first argument; no path, not mapped */
	assert_int_equal(vd_dfg_log_nunmapped(l), 1);
	vd_dfg_free(g);
	vd_dfg_log_free(l);
}

static void test_y_paths_special(void **state)
{
	(void)state;
	/* strace escapes < > as \74 \76, quotes as \", and non-ASCII bytes in octal */
	const char *t =
		"1 10:00:00.000001 openat(AT_FDCWD</tmp>, \"/tmp/a b>c<d\\\"e\", O_WRONLY|O_CREAT, 0600) = 3</tmp/a b\\76c\\74d\\\"e> <0.000048>\n"
		"1 10:00:00.000002 write(3</tmp/a b\\76c\\74d\\\"e>, \"hello\", 5) = 5 <0.000011>\n"
		"1 10:00:00.000003 write(4</tmp/caf\\303\\251 (1)/x>, \"hi\", 2) = 2 <0.000011>\n"
		"1 10:00:00.000004 read(5<socket:[12345]>, \"x\", 1) = 1 <0.000011>\n"
		"1 10:00:00.000005 write(6</tmp/bad\\377\\001x/y>, \"x\", 1) = 1 <0.000011>\n"
		/* -yy: the device of a file, a socket's addresses */
		"1 10:00:00.000006 write(1</dev/null<char 1:3>>, \"hi\\n\", 3) = 3 <0.000011>\n"
		"1 10:00:00.000007 read(7<TCP:[127.0.0.1:40000->127.0.0.1:80]>, \"x\", 1) = 1 <0.000011>\n"
		"1 10:00:00.000008 openat(AT_FDCWD</tmp<char 0:5>>, \"/tmp/q\", O_RDONLY) = 8</tmp/q<char 0:5>> <0.000011>\n";
	vd_dfg_mapopt o;
	vd_dfg_mapopt_init(&o);
	vd_dfg_log *l = log_from("y.st", t, &o, VD_DFG_CASE_FILE);
	assert_int_equal(vd_dfg_log_nissues(l), 0);
	vd_dfg *g = vd_dfg_build(l);
	assert_int_equal(node(g, "openat:/tmp/a b>c<d\"e")->count, 1);
	assert_int_equal(node(g, "write:/tmp/a b>c<d\"e")->bytes, 5);
	assert_int_equal(node(g, "write:/tmp/caf\xc3\xa9 (1)")->bytes, 2);
	assert_int_equal(node(g, "read:socket:[12345]")->bytes, 1);
	assert_int_equal(node(g, "write:/dev/null")->bytes, 3);
	assert_int_equal(node(g, "read:TCP:[127.0.0.1:40000->127.0.0.1:80]")->bytes, 1);
	assert_int_equal(node(g, "openat:/tmp/q")->count, 1);
	/* broken UTF-8 and control bytes are shown as '?': every format can carry them */
	assert_int_equal(node(g, "write:/tmp/bad??x")->bytes, 1);
	vd_buf b = { 0 };
	assert_int_equal(vd_dfg_write_json(g, l, &b), 0);
	assert_non_null(strstr(vd_buf_cstr(&b), "write:/tmp/bad??x"));
	vd_buf_clear(&b);
	assert_int_equal(vd_dfg_write_graphml(g, &b), 0);
	assert_non_null(strstr(vd_buf_cstr(&b), "write:/tmp/bad??x"));
	vd_buf_release(&b);
	vd_dfg_free(g);
	vd_dfg_log_free(l);
}

static void test_malformed_lines(void **state)
{
	(void)state;
	const char *t =
		"1 10:00:00.000001 read(3</a/b/c>, \"x\", 1) = 1 <0.000001>\n"         /* 1 ok */
		"1 10:00:00.000002 this is not strace output\n"                        /* 2 */
		"1 read(3</a/b/c>, \"x\", 1) = 1 <0.000001>\n"                          /* 3 no time */
		"1 10:00:00.000004 read(3</a/b/c>, \"x\", 1\n"                          /* 4 truncated */
		"1 10:00:00.000005 read(3</a/b/c>, \"x\", 1) = 1\n"                     /* 5 no -T */
		"2 10:00:00.000006 <... write resumed>) = 1 <0.1>\n"                    /* 6 orphan */
		"3 10:00:00.000007 write(1</dev/pts/0>, \"x\", 1 <unfinished ...>\n"    /* 7 never resumed */
		"1 10:00:00.000008 read(3</a/b/c>, \"x\", 1) = zz <0.000001>\n"         /* 8 bad return */
		"\n"
		"1 10:00:00.000010 read(3</a/b/c>, \"yy\", 2) = 2 <0.000001>\n";       /* 10 ok */
	vd_dfg_log *l = log_from("m.st", t, NULL, VD_DFG_CASE_FILE);
	assert_int_equal(vd_dfg_log_nevents(l), 2); /* lines 1 and 10, never fatal */
	assert_int_equal(vd_dfg_log_nissues(l), 7);
	assert_true(has_issue(l, 2, "not a system call"));
	assert_true(has_issue(l, 3, "time stamp"));
	assert_true(has_issue(l, 4, "truncated"));
	assert_true(has_issue(l, 5, "duration"));
	assert_true(has_issue(l, 6, "without its <unfinished"));
	assert_true(has_issue(l, 7, "never resumed"));
	assert_true(has_issue(l, 8, "return value"));
	assert_string_equal(vd_dfg_log_issue(l, 0)->file, "m.st");
	vd_dfg_log_free(l);
}

/* a log in memory that ends in digits, with no NUL after it: the readers
 * of numbers must stop at its end (ASan builds catch a read past it) */
static void test_unterminated_input(void **state)
{
	(void)state;
	const char text[] = "1 10:00:00.000001 read(3</a/b/c>, \"x\", 1) = 1 <0.5>\n123";
	size_t n = sizeof text - 1;
	char *buf = malloc(n);
	assert_non_null(buf);
	memcpy(buf, text, n);
	vd_dfg_mapopt o;
	vd_dfg_mapopt_init(&o);
	vd_dfg_log *l = vd_dfg_log_new(&o);
	assert_int_equal(vd_dfg_read_strace_mem(l, "u.st", buf, n, VD_DFG_CASE_FILE), 0);
	assert_int_equal(vd_dfg_log_nevents(l), 1);
	assert_int_equal(vd_dfg_log_nissues(l), 1); /* "123": no time stamp */
	assert_true(has_issue(l, 2, "time stamp"));
	vd_dfg_log_free(l);
	free(buf);
}

static void test_time_formats(void **state)
{
	(void)state;
	/* -ttt seconds, [pid N] prefixes, and -tt across midnight */
	const char *t1 =
		"[pid  42] 1700000000.500000 read(3</x/y/z>, \"a\", 1) = 1 <0.250000>\n"
		"[pid  42] 1700000001.000000 write(3</x/y/z>, \"a\", 1) = 1 <0.250000>\n";
	vd_dfg_log *l = log_from("t.st", t1, NULL, VD_DFG_CASE_PROCESS);
	assert_int_equal(vd_dfg_log_nissues(l), 0);
	assert_string_equal(vd_dfg_log_case_name(l, 0), "t:42");
	vd_dfg *g = vd_dfg_build(l);
	assert_int_equal(vd_dfg_edge_count(g, "read:/x/y", "write:/x/y"), 1);
	vd_dfg_free(g);
	vd_dfg_log_free(l);

	/* 23:59:59.9 then 00:00:00.1: the write follows the read */
	const char *t2 = "1 23:59:59.900000 read(3</x/y/z>, \"a\", 1) = 1 <0.010000>\n"
			 "1 00:00:00.100000 write(3</x/y/z>, \"a\", 1) = 1 <0.010000>\n";
	l = log_from("u.st", t2, NULL, VD_DFG_CASE_FILE);
	g = vd_dfg_build(l);
	assert_int_equal(vd_dfg_edge_count(g, "read:/x/y", "write:/x/y"), 1);
	assert_int_equal(vd_dfg_edge_count(g, "write:/x/y", "read:/x/y"), -1);
	vd_dfg_free(g);
	vd_dfg_log_free(l);
}

/* ---- the mapping ---------------------------------------------------------------------- */

static void test_mapping(void **state)
{
	(void)state;
	vd_dfg_mapopt o;
	vd_dfg_mapopt_init(&o);
	assert_int_equal(o.depth, 2);
	ASSERT_MAP(&o, "read", "/usr/lib/x86_64-linux-gnu/libc.so.6", "read:/usr/lib");
	ASSERT_MAP(&o, "read", "/etc/locale.alias", "read:/etc/locale.alias");
	ASSERT_MAP(&o, "write", "/dev/pts/0", "write:/dev/pts");
	ASSERT_MAP(&o, "read", "//usr///lib//x", "read:/usr/lib");
	ASSERT_MAP(&o, "read", "data/in/x.dat", "read:data/in"); /* relative stays relative */
	ASSERT_MAP(&o, "read", NULL, NULL);                       /* no path: not mapped */
	ASSERT_MAP(&o, "read", "", NULL);
	o.depth = 1;
	ASSERT_MAP(&o, "read", "/usr/lib/x", "read:/usr");
	o.depth = 3;
	ASSERT_MAP(&o, "read", "/usr/lib/x/y", "read:/usr/lib/x");
	ASSERT_MAP(&o, "read", "/usr", "read:/usr");
	o.depth = 0;
	ASSERT_MAP(&o, "read", "/usr/lib/x/y", "read");
	ASSERT_MAP(&o, "getpid", NULL, "getpid");
	o.depth = 2;
	o.keep_pathless = 1;
	ASSERT_MAP(&o, "sync", NULL, "sync");
	o.keep_pathless = 0;

	/* call variants */
	o.group_variants = 1;
	ASSERT_MAP(&o, "pread64", "/a/b/c", "read:/a/b");
	ASSERT_MAP(&o, "readv", "/a/b/c", "read:/a/b");
	ASSERT_MAP(&o, "pwritev2", "/a/b/c", "write:/a/b");
	ASSERT_MAP(&o, "openat", "/a/b/c", "open:/a/b");
	ASSERT_MAP(&o, "newfstatat", "/a/b/c", "stat:/a/b");
	ASSERT_MAP(&o, "fdatasync", "/a/b/c", "sync:/a/b");
	ASSERT_MAP(&o, "close", "/a/b/c", "close:/a/b");
	assert_string_equal(vd_dfg_call_group("_llseek"), "seek");
	/* a caller-given family wins (vidya's I/O class) */
	vd_buf b = { 0 };
	assert_int_equal(vd_dfg_map(&o, "fwrite", "write", "/a/b/c", &b), 1);
	assert_string_equal(vd_buf_cstr(&b), "write:/a/b");
	vd_buf_release(&b);
	o.group_variants = 0;
	assert_true(vd_dfg_call_transfers("preadv2"));
	assert_false(vd_dfg_call_transfers("openat"));

	/* filters: substring, glob, several */
	const char *f1[] = { "/scratch" };
	o.filters = f1;
	o.nfilters = 1;
	ASSERT_MAP(&o, "write", "/p/scratch/ssf/f", "write:/p/scratch");
	ASSERT_MAP(&o, "write", "/home/u/f", NULL);
	ASSERT_MAP(&o, "write", NULL, NULL);
	const char *f2[] = { "/etc/*.conf", "/proc/*" };
	o.filters = f2;
	o.nfilters = 2;
	ASSERT_MAP(&o, "read", "/etc/nsswitch.conf", "read:/etc/nsswitch.conf");
	ASSERT_MAP(&o, "read", "/etc/passwd", NULL);
	ASSERT_MAP(&o, "read", "/proc/self/maps", "read:/proc/self");
	o.nfilters = 0;

	/* abstraction, then depth: $SCRATCH is one level */
	const char *ab[] = { "SCRATCH=/p/scratch/proj/", "HOME=/home/u" };
	o.abstract = ab;
	o.nabstract = 2;
	assert_int_equal(vd_dfg_mapopt_check(&o), 0);
	ASSERT_MAP(&o, "write", "/p/scratch/proj/ssf/data.0", "write:$SCRATCH/ssf");
	ASSERT_MAP(&o, "write", "/p/scratch/proj", "write:$SCRATCH");
	ASSERT_MAP(&o, "write", "/p/scratch/project2/x", "write:/p/scratch"); /* not under it */
	ASSERT_MAP(&o, "read", "/home/u/.bashrc", "read:$HOME/.bashrc");
	/* a filter may name the variable */
	const char *f3[] = { "$SCRATCH" };
	o.filters = f3;
	o.nfilters = 1;
	ASSERT_MAP(&o, "write", "/p/scratch/proj/fpp/d.1", "write:$SCRATCH/fpp");
	ASSERT_MAP(&o, "read", "/home/u/.bashrc", NULL);
	o.nfilters = 0;
	const char *bad[] = { "SCRATCH" };
	o.abstract = bad;
	o.nabstract = 1;
	assert_int_equal(vd_dfg_mapopt_check(&o), -1);
	const char *bad2[] = { "1X=/a" };
	o.abstract = bad2;
	assert_int_equal(vd_dfg_mapopt_check(&o), -1);
}

/* ---- the graph ------------------------------------------------------------------------ */

/* the seed's fictitious log: <a,a,b> twice and <a,c> */
static void test_dfg_seed_example(void **state)
{
	(void)state;
	vd_dfg_mapopt o;
	vd_dfg_mapopt_init(&o);
	o.depth = 0;
	vd_dfg_log *l = vd_dfg_log_new(&o);
	const char *tr[3][3] = { { "a", "a", "b" }, { "a", "a", "b" }, { "a", "c", NULL } };
	for (int c = 0; c < 3; c++) {
		char name[8];
		snprintf(name, sizeof name, "%d", c);
		size_t ci = vd_dfg_log_case(l, name, NULL);
		/* added out of order: the case is ordered by start */
		for (int k = 2; k >= 0; k--)
			if (tr[c][k]) {
				vd_dfg_event e = { tr[c][k], NULL, NULL, (double)k, 0.5, 0, NULL, 0, c };
				vd_dfg_log_add(l, ci, &e);
			}
	}
	vd_dfg *g = vd_dfg_build(l);
	assert_int_equal(g->ntraces, 3);
	assert_int_equal(g->nnodes, 5);
	assert_int_equal(g->nedges, 6);
	assert_int_equal(vd_dfg_edge_count(g, "START", "a"), 3);
	assert_int_equal(vd_dfg_edge_count(g, "a", "a"), 2);
	assert_int_equal(vd_dfg_edge_count(g, "a", "b"), 2);
	assert_int_equal(vd_dfg_edge_count(g, "b", "END"), 2);
	assert_int_equal(vd_dfg_edge_count(g, "a", "c"), 1);
	assert_int_equal(vd_dfg_edge_count(g, "c", "END"), 1);
	assert_int_equal(vd_dfg_edge_count(g, "b", "a"), -1);
	assert_int_equal(node(g, "a")->count, 5);
	assert_int_equal(node(g, "START")->count, 3);
	assert_int_equal(node(g, "END")->count, 3);
	/* 8 events of 0.5 s: a has 5 of them */
	assert_true(fabs(node(g, "a")->rd - 5.0 / 8) < 1e-12);
	assert_int_equal(g->nodes[0].kind, VD_DFG_NODE_START);
	assert_int_equal(g->nodes[1].kind, VD_DFG_NODE_END);

	/* pruning: the top 1 activity by load, edges seen twice or more */
	vd_dfg_prune(g, 1, 2);
	assert_false(node(g, "a")->hidden);
	assert_true(node(g, "b")->hidden);
	assert_true(node(g, "c")->hidden);
	for (size_t i = 0; i < g->nedges; i++) {
		const vd_dfg_edge *e = &g->edges[i];
		int shown = (e->from == vd_dfg_find(g, "START") && e->to == vd_dfg_find(g, "a")) ||
			    (e->from == vd_dfg_find(g, "a") && e->to == vd_dfg_find(g, "a"));
		assert_int_equal(!e->hidden, shown);
	}
	vd_dfg_free(g);
	vd_dfg_log_free(l);
}

static void test_max_concurrency(void **state)
{
	(void)state;
	/* the seed's algorithm: from each interval (sorted by start), how many
	 * consecutive ones start before it ends */
	double s1[] = { 0, 1, 2, 10 }, e1[] = { 5, 3, 4, 11 };
	assert_int_equal(vd_dfg_max_concurrency(s1, e1, 4), 3);
	/* unsorted input, touching intervals do not overlap */
	double s2[] = { 2, 0, 1 }, e2[] = { 3, 1, 2 };
	assert_int_equal(vd_dfg_max_concurrency(s2, e2, 3), 1);
	/* a long one: [0,10] covers [1,2], [3,4], [5,6] */
	double s3[] = { 5, 3, 1, 0 }, e3[] = { 6, 4, 2, 10 };
	assert_int_equal(vd_dfg_max_concurrency(s3, e3, 4), 4);
	double s4[] = { 7 }, e4[] = { 7 };
	assert_int_equal(vd_dfg_max_concurrency(s4, e4, 1), 1);
	assert_int_equal(vd_dfg_max_concurrency(NULL, NULL, 0), 0);
}

static void test_statistics(void **state)
{
	(void)state;
	/* two processes (files p_h_1.st and p_h_2.st) reading under /d/x, writing under /d/y */
	const char *p1 = "1 10:00:00.000000 read(3</d/x/f>, \"\", 100) = 100 <1.000000>\n"
			 "1 10:00:01.000000 read(3</d/x/f>, \"\", 300) = 300 <1.000000>\n"
			 "1 10:00:02.000000 write(4</d/y/g>, \"\", 50) = 50 <0.500000>\n";
	const char *p2 = "2 10:00:00.500000 read(3</d/x/h>, \"\", 1000) = 1000 <2.000000>\n"
			 "2 10:00:03.000000 write(4</d/y/g>, \"\", 10) = 10 <0.000000>\n";
	vd_dfg_mapopt o;
	vd_dfg_mapopt_init(&o);
	vd_dfg_log *l = vd_dfg_log_new(&o);
	assert_int_equal(vd_dfg_read_strace_mem(l, "p_h_1.st", p1, strlen(p1), VD_DFG_CASE_FILE), 0);
	assert_int_equal(vd_dfg_read_strace_mem(l, "p_h_2.st", p2, strlen(p2), VD_DFG_CASE_FILE), 0);
	vd_dfg *g = vd_dfg_build(l);
	const vd_dfg_node *r = node(g, "read:/d/x"), *w = node(g, "write:/d/y");
	/* durations 1 + 1 + 2 = 4 and 0.5 + 0 = 0.5 of 4.5 */
	assert_true(fabs(r->rd - 4.0 / 4.5) < 1e-12);
	assert_true(fabs(w->rd - 0.5 / 4.5) < 1e-12);
	assert_int_equal(r->bytes, 1400);
	assert_int_equal(w->bytes, 60);
	/* dr: process 1 mean(100/1, 300/1) = 200, process 2 1000/2 = 500 -> 350;
	 * the zero-duration write has no rate: only process 1's 50/0.5 = 100 */
	assert_true(fabs(r->dr - 350) < 1e-9);
	assert_true(fabs(w->dr - 100) < 1e-9);
	/* reads [0,1] [1,2] [0.5,2.5]: sorted 0, 0.5, 1: from [0,1] two start
	 * before 1 (0 and 0.5); from [0.5,2.5] two (0.5 and 1) -> 2 */
	assert_int_equal(r->mc, 2);
	assert_int_equal(w->mc, 1);
	assert_int_equal(r->count, 3);
	assert_int_equal(vd_dfg_edge_count(g, "read:/d/x", "read:/d/x"), 1);
	assert_int_equal(vd_dfg_edge_count(g, "read:/d/x", "write:/d/y"), 2);
	assert_int_equal(vd_dfg_edge_count(g, "write:/d/y", "END"), 2);

	/* shading: the largest value darkest, 60 of 1400 bytes near white */
	vd_buf b = { 0 };
	assert_int_equal(vd_dfg_write_dot(g, VD_DFG_COLOR_BYTES, &b), 0);
	const char *dot = vd_buf_cstr(&b);
	const char *rl = strstr(dot, "label=\"read:/d/x"), *wl = strstr(dot, "label=\"write:/d/y");
	assert_non_null(rl);
	assert_non_null(wl);
	assert_true(on_line(rl, "fillcolor=\"#08306b\""));
	assert_true(on_line(wl, "fillcolor=\"#f7fbff\""));
	/* by rd: 4/4.5 darkest, 0.5/4.5 -> step round(8/8) = 1 */
	vd_buf_clear(&b);
	assert_int_equal(vd_dfg_write_dot(g, VD_DFG_COLOR_RD, &b), 0);
	wl = strstr(vd_buf_cstr(&b), "label=\"write:/d/y");
	assert_true(on_line(wl, "fillcolor=\"#deebf7\""));
	assert_false(on_line(wl, "fillcolor=\"#f7fbff\""));
	vd_buf_clear(&b);
	assert_int_equal(vd_dfg_write_dot(g, VD_DFG_COLOR_NONE, &b), 0);
	assert_null(strstr(vd_buf_cstr(&b), "#08306b"));
	vd_buf_release(&b);
	vd_dfg_free(g);
	vd_dfg_log_free(l);
}

/* the seed's Figure 1/3: ls and ls -l, three processes each */
static void test_seed_ls_partition(void **state)
{
	(void)state;
	vd_dfg_mapopt o;
	vd_dfg_mapopt_init(&o);
	vd_dfg_log *l = vd_dfg_log_new(&o);
	const char *files[] = { "a_host1_9042.st", "a_host1_9043.st", "a_host1_9045.st",
				"b_host1_9157.st", "b_host1_9158.st", "b_host1_9160.st" };
	for (int i = 0; i < 6; i++) {
		char p[1024];
		snprintf(p, sizeof p, "%s/%s", VD_DFG_FIXTURES, files[i]);
		assert_int_equal(vd_dfg_read_strace(l, p, VD_DFG_CASE_FILE), 0);
	}
	assert_int_equal(vd_dfg_log_nissues(l), 0);
	assert_int_equal(vd_dfg_log_ncases(l), 6);
	assert_string_equal(vd_dfg_log_case_name(l, 0), "a9042");
	assert_int_equal(vd_dfg_log_set_group(l, "a*", VD_DFG_GREEN), 3);
	assert_int_equal(vd_dfg_log_set_group(l, "b_host1_*.st", VD_DFG_RED), 3);
	assert_int_equal(vd_dfg_log_set_group(l, "a9042", VD_DFG_RED), -1);
	vd_dfg *g = vd_dfg_build(l);
	assert_true(g->partitioned);
	assert_int_equal(g->ntraces, 6);
	/* the seed: no activity only in ls; the one edge only in ls is
	 * read:/etc/locale.alias -> write:/dev/pts */
	int green_edges = 0;
	for (size_t i = 0; i < g->nedges; i++)
		if (g->edges[i].part == VD_DFG_GREEN) {
			green_edges++;
			assert_string_equal(g->nodes[g->edges[i].from].name, "read:/etc/locale.alias");
			assert_string_equal(g->nodes[g->edges[i].to].name, "write:/dev/pts");
			assert_int_equal(g->edges[i].count, 3);
		}
	assert_int_equal(green_edges, 1);
	for (size_t i = 0; i < g->nnodes; i++)
		assert_int_not_equal(g->nodes[i].part, VD_DFG_GREEN);
	/* ls -l alone reads the user and group databases */
	assert_int_equal(node(g, "read:/etc/passwd")->part, VD_DFG_RED);
	assert_int_equal(node(g, "read:/etc/group")->part, VD_DFG_RED);
	assert_int_equal(node(g, "read:/etc/nsswitch.conf")->part, VD_DFG_RED);
	assert_int_equal(node(g, "read:/usr/lib")->part, VD_DFG_GREEN | VD_DFG_RED);
	assert_int_equal(node(g, "write:/dev/pts")->part, VD_DFG_GREEN | VD_DFG_RED);
	/* three loader reads per process */
	assert_int_equal(node(g, "read:/usr/lib")->count, 18);
	assert_int_equal(vd_dfg_edge_count(g, "START", "read:/usr/lib"), 6);
	assert_int_equal(vd_dfg_edge_count(g, "read:/usr/lib", "read:/usr/lib"), 12);
	assert_int_equal(vd_dfg_edge_count(g, "write:/dev/pts", "END"), 6);

	vd_buf b = { 0 };
	assert_int_equal(vd_dfg_write_dot(g, VD_DFG_COLOR_RD, &b), 0);
	assert_non_null(strstr(vd_buf_cstr(&b), "digraph"));
	assert_non_null(strstr(vd_buf_cstr(&b), "read:/etc/passwd\\nLoad: "));
	assert_non_null(strstr(vd_buf_cstr(&b), "#d73027")); /* red */
	assert_non_null(strstr(vd_buf_cstr(&b), "#1a9850")); /* green */
	vd_buf_clear(&b);
	assert_int_equal(vd_dfg_write_json(g, l, &b), 0);
	json_error_t err;
	json_t *j = json_loads(vd_buf_cstr(&b), 0, &err);
	assert_non_null(j);
	assert_int_equal(json_integer_value(json_object_get(j, "traces")), 6);
	size_t ngreen = 0, i;
	json_t *e;
	json_array_foreach(json_object_get(j, "edges"), i, e)
		if (!strcmp(json_string_value(json_object_get(e, "part")), "green"))
			ngreen++;
	assert_int_equal(ngreen, 1);
	json_decref(j);
	vd_buf_clear(&b);
	assert_int_equal(vd_dfg_write_graphml(g, &b), 0);
	assert_non_null(strstr(vd_buf_cstr(&b), "<graphml"));
	assert_non_null(strstr(vd_buf_cstr(&b), "read:/etc/passwd"));
	vd_buf_release(&b);

	char svg[] = "/tmp/vd_dfg_test_XXXXXX";
	int fd = mkstemp(svg);
	assert_true(fd >= 0);
	close(fd);
	assert_int_equal(vd_dfg_render(g, VD_DFG_COLOR_RD, "svg", svg), 0);
	char *txt = NULL;
	size_t len = 0;
	assert_int_equal(vd_read_file(&txt, &len, svg), 0);
	assert_non_null(strstr(txt, "<svg"));
	assert_non_null(strstr(txt, "read:/etc/passwd"));
	free(txt);
	assert_int_equal(vd_dfg_render(g, VD_DFG_COLOR_RD, "no-such-format", svg), -1);
	unlink(svg);
	vd_dfg_free(g);
	vd_dfg_log_free(l);
}

static void test_read_errors(void **state)
{
	(void)state;
	vd_dfg_mapopt o;
	vd_dfg_mapopt_init(&o);
	vd_dfg_log *l = vd_dfg_log_new(&o);
	assert_int_equal(vd_dfg_read_strace(l, "/nonexistent/x.st", VD_DFG_CASE_FILE), -1);
	assert_non_null(strstr(vd_error_last(), "/nonexistent/x.st"));
	assert_int_equal(vd_dfg_read_strace(l, "/nonexistent/*.st", VD_DFG_CASE_FILE), -1);
	assert_int_equal(vd_dfg_read_strace(l, "/tmp", VD_DFG_CASE_FILE), -1);
	assert_int_equal(vd_dfg_read_trace(l, "/nonexistent/v.db", 0, NULL, VD_DFG_CASE_FILE), -1);
	assert_int_equal(vd_dfg_read_trace(l, VD_DFG_FIXTURES "/a_host1_9042.st", 0, NULL,
					   VD_DFG_CASE_FILE), -1);
	assert_int_equal(vd_dfg_read_trace(l, "/nonexistent/v.db", 0, "posix,nfs", VD_DFG_CASE_FILE),
			 -1);
	assert_non_null(strstr(vd_error_last(), "nfs"));
	/* a quoted glob reads every match */
	assert_int_equal(vd_dfg_read_strace(l, VD_DFG_FIXTURES "/b_host1_*.st", VD_DFG_CASE_FILE), 0);
	assert_int_equal(vd_dfg_log_ncases(l), 3);
	vd_dfg_log_free(l);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_basic_record),
		cmocka_unit_test(test_event_export),
		cmocka_unit_test(test_unfinished_resumed),
		cmocka_unit_test(test_resumed_at_name),
		cmocka_unit_test(test_erestartsys_dropped),
		cmocka_unit_test(test_sizes),
		cmocka_unit_test(test_y_paths_special),
		cmocka_unit_test(test_malformed_lines),
		cmocka_unit_test(test_unterminated_input),
		cmocka_unit_test(test_time_formats),
		cmocka_unit_test(test_mapping),
		cmocka_unit_test(test_dfg_seed_example),
		cmocka_unit_test(test_max_concurrency),
		cmocka_unit_test(test_statistics),
		cmocka_unit_test(test_seed_ls_partition),
		cmocka_unit_test(test_read_errors),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
