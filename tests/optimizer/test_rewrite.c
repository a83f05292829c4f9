/*
 * test_rewrite.c - the rewriter's library (optimizer/vd_rewrite.h) on
 * hand-made findings: which findings become edits, the diff, an apply
 * refused because the file changed after the plan, apply and revert byte
 * for byte (the re-compile is covered by the optimize_cli tests).
 */
#define _GNU_SOURCE
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cmocka.h>

#include "vd_rewrite.h"

static const char src[] = "#include <fcntl.h>\n"
			  "#include <unistd.h>\n"
			  "static char rec[64];\n"
			  "int main(void)\n"
			  "{\n"
			  "\tint fd = open(\"o\", O_WRONLY | O_CREAT, 0644);\n"
			  "\tint i;\n"
			  "\tfor (i = 0; i < 100; i++) {\n"
			  "\t\twrite(fd, rec, sizeof rec);\n"
			  "\t\tfsync(fd);\n"
			  "\t}\n"
			  "\tclose(fd);\n"
			  "\treturn 0;\n"
			  "}\n";

typedef struct fx {
	char dir[64];
	char file[128];
	char store[128];
	vd_finding items[3];
	vd_findings f;
} fx;

static char *slurp(const char *path, size_t *len)
{
	char *t = NULL;
	if (vd_read_file(&t, len, path) != 0)
		return NULL;
	return t;
}

static int setup(void **state)
{
	fx *f = calloc(1, sizeof(*f));
	strcpy(f->dir, "/tmp/vidya-rewrite-XXXXXX");
	if (!f || !mkdtemp(f->dir))
		return -1;
	snprintf(f->file, sizeof(f->file), "%s/w.c", f->dir);
	snprintf(f->store, sizeof(f->store), "%s/kept", f->dir);
	FILE *fp = fopen(f->file, "w");
	fputs(src, fp);
	fclose(fp);
	chmod(f->file, 0640);
	char db[160];
	snprintf(db, sizeof(db), "%s/compile_commands.json", f->dir);
	fp = fopen(db, "w");
	fprintf(fp,
		"[{\"directory\": \"%s\", \"file\": \"w.c\", \"arguments\": [\"cc\", \"-c\", "
		"\"w.c\"]}]\n",
		f->dir);
	fclose(fp);
	/* what the rules would say: small writes, a sync in the loop, and a
	 * rule the rewriter only advises on */
	f->items[0] = (vd_finding){ .rule = VD_RULE_SMALL_IO_LOOP,
				    .file = "w.c",
				    .line = 8,
				    .site_line = 9,
				    .call = "write" };
	f->items[1] = (vd_finding){ .rule = VD_RULE_SYNC_IN_LOOP,
				    .file = "w.c",
				    .line = 8,
				    .site_line = 10,
				    .call = "fsync" };
	f->items[2] = (vd_finding){ .rule = VD_RULE_OPEN_CLOSE_LOOP,
				    .file = "w.c",
				    .line = 8,
				    .site_line = 6,
				    .call = "open" };
	f->f.items = f->items;
	f->f.n = 3;
	*state = f;
	return 0;
}

static int teardown(void **state)
{
	fx *f = *state;
	char cmd[200];
	snprintf(cmd, sizeof(cmd), "rm -rf '%s'", f->dir);
	if (system(cmd) != 0)
		return -1;
	free(f);
	return 0;
}

static vd_plan *plan(fx *f, int durability)
{
	vd_plan_opts o = { f->dir, f->dir, durability, NULL };
	vd_plan *p = NULL;
	assert_int_equal(vd_plan_build(&f->f, &o, &p), 0);
	return p;
}

static void test_plan_and_diff(void **state)
{
	fx *f = *state;
	vd_plan *p = plan(f, 0);
	assert_int_equal(p->nitems, 3);
	assert_int_equal(p->items[0].action, VD_PLAN_REWRITTEN);
	assert_int_equal(p->items[1].action, VD_PLAN_SKIPPED);
	assert_non_null(strstr(p->items[1].reason, "--allow-durability"));
	assert_int_equal(p->items[2].action, VD_PLAN_ADVICE);
	assert_int_equal(p->nfiles, 1);
	const vd_plan_file *pf = &p->files[0];
	assert_int_equal(pf->runtime, 1);
	/* write, fsync (exact), close renamed, and the include */
	assert_int_equal(pf->nedits, 4);
	assert_non_null(strstr(pf->text, "\t\tvd_rt_write(fd, rec, sizeof rec);\n"
					 "\t\tvd_rt_fsync(fd);\n"));
	assert_non_null(strstr(pf->text, "#include <unistd.h>\n#include \"vd_rt.h\""));
	assert_non_null(strstr(pf->text, "\tvd_rt_close(fd);\n"));
	vd_buf d = VD_BUF_INIT;
	vd_plan_diff(p, &d);
	const char *want = "--- a/w.c\n+++ b/w.c\n"
			   "@@ -1,5 +1,6 @@ small-io-loop\n"
			   " #include <fcntl.h>\n #include <unistd.h>\n"
			   "+#include \"vd_rt.h\" /* vidya optimize: the runtime library */\n"
			   " static char rec[64];\n int main(void)\n {\n"
			   "@@ -6,9 +7,9 @@ small-io-loop\n";
	assert_true(!strncmp(vd_buf_cstr(&d), want, strlen(want)));
	vd_buf_release(&d);
	vd_plan_free(p);

	/* with the opt-in, the sync in the loop is deferred */
	p = plan(f, 1);
	assert_int_equal(p->items[1].action, VD_PLAN_REWRITTEN);
	assert_non_null(strstr(p->files[0].text, "\t\tvd_rt_fsync_deferred(fd);\n"));
	vd_plan_free(p);
}

static void test_apply_revert(void **state)
{
	fx *f = *state;
	vd_plan *p = plan(f, 0);
	vd_apply_opts ao = { f->store, NULL, 1 };
	char *dir = NULL;
	vd_buf log = VD_BUF_INIT;

	/* edited after the plan: refused, nothing written */
	FILE *fp = fopen(f->file, "a");
	fputs("/* edit */\n", fp);
	fclose(fp);
	assert_int_equal(vd_plan_apply(p, &ao, &dir, &log), VD_ERROR);
	assert_non_null(strstr(vd_error_last(), "w.c: changed since the analysis"));
	assert_null(dir);
	assert_int_not_equal(access(f->store, F_OK), 0);
	fp = fopen(f->file, "w");
	fputs(src, fp);
	fclose(fp);

	assert_int_equal(vd_plan_apply(p, &ao, &dir, &log), 0);
	assert_non_null(dir);
	size_t n = 0;
	char *now = slurp(f->file, &n);
	assert_int_equal(n, p->files[0].text_len);
	assert_memory_equal(now, p->files[0].text, n);
	free(now);
	struct stat st;
	assert_int_equal(stat(f->file, &st), 0);
	assert_int_equal(st.st_mode & 07777, 0640); /* the mode kept */
	char hp[160];
	snprintf(hp, sizeof(hp), "%s/vd_rt.h", f->dir);
	char *h = slurp(hp, &n);
	assert_non_null(h);
	assert_int_equal(n, vd_rt_header_len);
	assert_memory_equal(h, vd_rt_header, n);
	free(h);
	free(dir);
	dir = NULL;

	assert_int_equal(vd_optimize_revert(f->store, 0, &dir, &log), 0);
	now = slurp(f->file, &n);
	assert_int_equal(n, strlen(src));
	assert_memory_equal(now, src, n);
	free(now);
	assert_int_not_equal(access(hp, F_OK), 0);
	assert_non_null(strstr(vd_buf_cstr(&log), "restored "));
	free(dir);
	dir = NULL;
	assert_int_equal(vd_optimize_revert(f->store, 0, &dir, &log), VD_ENOTFOUND);
	vd_buf_release(&log);
	vd_plan_free(p);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test_setup_teardown(test_plan_and_diff, setup, teardown),
		cmocka_unit_test_setup_teardown(test_apply_revert, setup, teardown),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
