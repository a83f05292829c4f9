/*
 * test_callsites.c - vd_callsites_scan (extractor/include/vd_callsites.h):
 * exact byte ranges of calls, statements, loops and functions, macro
 * flags, descriptor arguments and local-variable uses, on a small source
 * written to a temporary project.
 */
#define _GNU_SOURCE
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <cmocka.h>

#include "vd_callsites.h"

static const char src[] = "#include <fcntl.h>\n"
			  "#include <unistd.h>\n"
			  "#define PUT(d, b, n) write(d, b, n)\n"
			  "#define N 4\n"
			  "static void helper(int out)\n"
			  "{\n"
			  "\twrite(out, \"x\", 1);\n"
			  "}\n"
			  "int main(void)\n"
			  "{\n"
			  "\tint fd = open(\"f\", O_WRONLY);\n"
			  "\tint i;\n"
			  "\tif (fd < 0)\n"
			  "\t\treturn 1;\n"
			  "\tfor (i = 0; i < 3; i++) {\n"
			  "\t\twrite(fd, \"abcd\", N);\n"
			  "\t\tPUT(fd, \"ab\", 2);\n"
			  "\t}\n"
			  "\thelper(fd);\n"
			  "\tclose(fd);\n"
			  "\treturn 0;\n"
			  "}\n";

typedef struct fx {
	char dir[64];
	char db[128];
	char file[128];
} fx;

static int setup(void **state)
{
	fx *f = calloc(1, sizeof(*f));
	strcpy(f->dir, "/tmp/vidya-callsites-XXXXXX");
	if (!f || !mkdtemp(f->dir))
		return -1;
	snprintf(f->file, sizeof(f->file), "%s/a.c", f->dir);
	snprintf(f->db, sizeof(f->db), "%s/compile_commands.json", f->dir);
	FILE *fp = fopen(f->file, "w");
	fputs(src, fp);
	fclose(fp);
	fp = fopen(f->db, "w");
	fprintf(fp,
		"[{\"directory\": \"%s\", \"file\": \"a.c\", \"command\": \"cc -O2 -c a.c -o "
		"'a b.o'\"},\n"
		" {\"directory\": \"%s\", \"file\": \"bad.c\", \"arguments\": [\"cc\", \"-c\", "
		"\"bad.c\"]},\n"
		" {\"directory\": \"%s\", \"file\": \"own.c\", \"arguments\": [\"cc\", \"-c\", "
		"\"own.c\"]}]\n",
		f->dir, f->dir, f->dir);
	fclose(fp);
	*state = f;
	return 0;
}

static int teardown(void **state)
{
	fx *f = *state;
	char p[200];
	snprintf(p, sizeof(p), "%s/a.c", f->dir);
	unlink(p);
	snprintf(p, sizeof(p), "%s/bad.c", f->dir);
	unlink(p);
	snprintf(p, sizeof(p), "%s/own.c", f->dir);
	unlink(p);
	unlink(f->db);
	rmdir(f->dir);
	free(f);
	return 0;
}

static const char *text(const vd_callsites *c, vd_srange r, char *buf, size_t n)
{
	size_t k = r.end - r.begin < n - 1 ? r.end - r.begin : n - 1;
	memcpy(buf, c->text + r.begin, k);
	buf[k] = 0;
	return buf;
}

/* the n-th call (0-based) to `callee` */
static const vd_callsite *find(const vd_callsites *c, const char *callee, int nth)
{
	for (size_t i = 0; i < c->nsites; i++)
		if (c->sites[i].callee && !strcmp(c->sites[i].callee, callee) && nth-- == 0)
			return &c->sites[i];
	return NULL;
}

static void test_ranges(void **state)
{
	fx *f = *state;
	vd_callsites *c = NULL;
	assert_int_equal(vd_callsites_scan(f->db, f->file, &c), 0);
	char b[128];
	assert_int_equal(c->len, strlen(src));
	assert_memory_equal(c->text, src, c->len);
	/* the command as written, split without a shell */
	assert_int_equal(c->argc, 6);
	assert_string_equal(c->argv[0], "cc");
	assert_string_equal(c->argv[5], "a b.o");
	assert_null(c->argv[6]);

	const vd_callsite *w = find(c, "write", 1); /* main's, written out */
	assert_non_null(w);
	assert_string_equal(w->function, "main");
	assert_string_equal(text(c, w->name, b, sizeof(b)), "write");
	assert_string_equal(text(c, w->call, b, sizeof(b)), "write(fd, \"abcd\", N)");
	assert_string_equal(text(c, w->stmt, b, sizeof(b)), "write(fd, \"abcd\", N);");
	assert_int_equal(w->stmt_in_block, 1);
	assert_int_equal(w->call.line, 16);
	assert_int_equal(w->loop.line, 15);
	assert_int_equal(w->loop.end_line, 18);
	assert_true(!strncmp(c->text + w->loop.begin, "for (i = 0;", 11));
	assert_int_equal(w->func.line, 9);
	assert_null(w->not_rewritable); /* a macro in the arguments is fine */
	assert_int_equal(w->args_macro, 1);
	assert_int_equal(find(c, "open", 0)->args_macro, 1); /* O_WRONLY */
	assert_int_equal(find(c, "close", 0)->args_macro, 0);
	assert_int_equal(w->fd_arg, 0);
	assert_string_equal(w->fd_text, "fd");
	assert_true(w->fd_var > 0);

	/* the write PUT expands to */
	const vd_callsite *m = find(c, "write", 2);
	assert_non_null(m);
	assert_non_null(m->not_rewritable);
	assert_non_null(strstr(m->not_rewritable, "macro expansion"));

	/* helper's descriptor is a parameter: not a plain local */
	const vd_callsite *h = find(c, "write", 0);
	assert_non_null(h);
	assert_string_equal(h->function, "helper");
	assert_int_equal(h->fd_var, 0);
	assert_int_equal(h->loop.line, 0);

	/* the open stores into fd; its statement is the declaration */
	const vd_callsite *o = find(c, "open", 0);
	assert_non_null(o);
	assert_int_equal(o->result_var, w->fd_var);
	assert_string_equal(text(c, o->stmt, b, sizeof(b)), "int fd = open(\"f\", O_WRONLY);");

	/* fd's uses: declared from open, compared, arguments, passed to helper */
	int decl = 0, cmp = 0, args = 0, helper_arg = 0;
	for (size_t i = 0; i < c->nuses; i++) {
		const vd_varuse *u = &c->uses[i];
		if (u->var != w->fd_var)
			continue;
		assert_string_equal(u->name, "fd");
		if (u->kind == VD_USE_DECL) {
			decl++;
			assert_string_equal(u->init_callee, "open");
		} else if (u->kind == VD_USE_COMPARE) {
			cmp++;
			assert_int_equal(u->line, 13);
		} else if (u->kind == VD_USE_ARG) {
			args++;
			if (!strcmp(c->sites[u->site].callee, "helper"))
				helper_arg++;
		}
	}
	assert_int_equal(decl, 1);
	assert_int_equal(cmp, 1);
	assert_int_equal(args, 4); /* write, PUT's write, helper, close */
	assert_int_equal(helper_arg, 1);
	vd_callsites_free(c);
}

static void test_errors(void **state)
{
	fx *f = *state;
	vd_callsites *c = NULL;
	char other[160];
	snprintf(other, sizeof(other), "%s/none.c", f->dir);
	assert_int_equal(vd_callsites_scan(f->db, other, &c), VD_ENOTFOUND);
	assert_null(c);
	char bad[160];
	snprintf(bad, sizeof(bad), "%s/bad.c", f->dir);
	FILE *fp = fopen(bad, "w");
	fputs("int main(void) { return x; }\n", fp);
	fclose(fp);
	assert_int_equal(vd_callsites_scan(f->db, bad, &c), VD_ERROR);
	assert_null(c);
	assert_non_null(strstr(vd_error_last(), "bad.c:1: does not parse"));
}

/* a program's own function named like the C library's is not rewritable */
static void test_own_function(void **state)
{
	fx *f = *state;
	char own[160];
	snprintf(own, sizeof(own), "%s/own.c", f->dir);
	FILE *fp = fopen(own, "w");
	fputs("static long write(int fd, const void *b, unsigned long n)\n"
	      "{\n\treturn fd + (long)n + (b != 0);\n}\n"
	      "int main(void)\n{\n\tint i;\n\tlong s = 0;\n"
	      "\tfor (i = 0; i < 9; i++)\n\t\ts += write(1, \"x\", 1);\n\treturn (int)s;\n}\n",
	      fp);
	fclose(fp);
	vd_callsites *c = NULL;
	assert_int_equal(vd_callsites_scan(f->db, own, &c), 0);
	const vd_callsite *w = find(c, "write", 0);
	assert_non_null(w);
	assert_int_equal(w->call.line, 10);
	assert_non_null(w->not_rewritable);
	assert_non_null(strstr(w->not_rewritable, "the program's own function"));
	vd_callsites_free(c);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test_setup_teardown(test_own_function, setup, teardown),
		cmocka_unit_test_setup_teardown(test_ranges, setup, teardown),
		cmocka_unit_test_setup_teardown(test_errors, setup, teardown),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
