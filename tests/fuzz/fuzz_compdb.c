/*
 * fuzz_compdb.c - libFuzzer target for the compilation database reader
 * (extractor/compdb.c: JSON entries, "command" splitting, @response files,
 * argument filtering).  No libclang: only vd_compdb_load runs.
 *
 * Input: the compile_commands.json text, optionally followed by a line
 * "@@RSP@@" and the content of a response file `args.rsp` in the same
 * directory (an entry refers to it as "@args.rsp").
 */
#define _GNU_SOURCE
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "project.h"
#include "vd_extractor.h"

/* libFuzzer's entry points (it declares none) */
int LLVMFuzzerInitialize(int *argc, char ***argv);
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static char dir[64];
static char db[128], rsp[128];

static void write_file(const char *path, const uint8_t *data, size_t len)
{
	FILE *f = fopen(path, "wb");
	if (!f)
		abort();
	if (len && fwrite(data, 1, len, f) != len)
		abort();
	fclose(f);
}

static void cleanup(void)
{
	unlink(db);
	unlink(rsp);
	rmdir(dir);
}

int LLVMFuzzerInitialize(int *argc, char ***argv)
{
	const char *tmp = getenv("TMPDIR");
	snprintf(dir, sizeof dir, "%s/vd-fuzz-compdb.XXXXXX", tmp && *tmp && strlen(tmp) < 32 ? tmp : "/tmp");
	if (!mkdtemp(dir))
		abort();
	snprintf(db, sizeof db, "%s/compile_commands.json", dir);
	snprintf(rsp, sizeof rsp, "%s/args.rsp", dir);
	atexit(cleanup);
	/* MPI/HDF5 wrappers named in an entry are looked up in PATH and run
	 * for their flags: never while fuzzing */
	setenv("PATH", "/nonexistent", 1);
	unsetenv("PKG_CONFIG_PATH");
	return 0;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	static const char sep[] = "\n@@RSP@@\n";
	const uint8_t *json = data, *r = NULL;
	size_t jlen = size, rlen = 0;
	const uint8_t *cut = memmem(data, size, sep, sizeof sep - 1);
	if (cut) {
		jlen = (size_t)(cut - data);
		r = cut + sizeof sep - 1;
		rlen = size - jlen - (sizeof sep - 1);
	}
	write_file(db, json, jlen);
	if (r)
		write_file(rsp, r, rlen);
	else
		unlink(rsp);

	vd_project *p = vd_project_alloc();
	vd_extract_opts_init(&p->opts);
	/* the directory of the database: compdb.c resolves relative paths
	 * against the working directory */
	(void)vd_compdb_load(p, db);
	vd_project_free(p);
	return 0;
}
